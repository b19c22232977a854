import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { StoredPhoto } from '@common/photos';
import type { Db } from '../db/client';
import { listingPriceHistory, listings, profiles, users, wantedPosts } from '../db/schema';
import type { Storage } from '../storage/storage';
import { storePhoto } from '../photos/store-photo';
import { partNumberKey } from '@common/part-numbers';
import { WANTED_DAYS } from '@common/schemas/wanted';
import { DEMO_LISTINGS, DEMO_SELLERS } from './demo-catalog-data';
import { DEMO_WANTED } from './demo-wanted-data';
import { placeLabel } from '@common/schemas/places';
import { lookupZip } from '../geo/zip';
import { demoPhotoSvg } from './demo-photo-art';

const DAY_MS = 86_400_000;

/** True when the database has no members yet: a first start. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.execute<{ any: boolean }>(sql`select exists (select 1 from ${users}) as any`);
  return !rows.rows[0]?.any;
}

/**
 * Fills an empty marketplace with the demo catalogue: sellers (members without a password, so nobody
 * can sign in as them) and their listings, whose photos are drawn offline and go through the same
 * photo pipeline as uploads.
 */
export async function seedDemoCatalog(deps: {
  db: Db;
  storage: Storage;
  logger: Logger;
  now?: Date;
  /** Draw at most this many photos a listing (tests keep it small: encoding is most of the time). */
  maxPhotosPerListing?: number;
}): Promise<number> {
  const now = deps.now ?? new Date();
  const maxPhotos = deps.maxPhotosPerListing ?? Infinity;
  const sellerIds = new Map<string, string>();
  for (const seller of DEMO_SELLERS) sellerIds.set(seller.key, randomUUID());

  // A few listings at a time: sharp works on its own threads, so this keeps both cores busy.
  const photosByListing: StoredPhoto[][] = [];
  for (let start = 0; start < DEMO_LISTINGS.length; start += 4) {
    const batch = DEMO_LISTINGS.slice(start, start + 4).map(async (listing, offset) => {
      const photos: StoredPhoto[] = [];
      for (let variant = 0; variant < Math.min(listing.photoCount, maxPhotos); variant++) {
        const svg = demoPhotoSvg(listing.category, variant, start + offset);
        // 1200×900 drawn at 76.8 dpi: 1280 px wide, the largest variant.
        const png = await sharp(Buffer.from(svg), { density: 76.8 }).png({ compressionLevel: 0 }).toBuffer();
        photos.push((await storePhoto(deps.storage, 'listings', png)).photo);
      }
      return photos;
    });
    photosByListing.push(...(await Promise.all(batch)));
  }

  await deps.db.transaction(async (tx) => {
    await tx.insert(users).values(
      DEMO_SELLERS.map((seller) => ({
        id: sellerIds.get(seller.key)!,
        name: `${seller.firstName} ${seller.lastName}`,
        email: seller.email,
        emailVerified: true,
        firstName: seller.firstName,
        lastName: seller.lastName,
        plan: seller.plan,
      })),
    );
    await tx.insert(profiles).values(
      DEMO_SELLERS.map((seller) => ({
        userId: sellerIds.get(seller.key)!,
        displayName: `${seller.firstName} ${seller.lastName}`,
        role: 'seller',
        onboardingCompleted: true,
        shipOk: true,
        localOk: true,
      })),
    );
    const inserted = await tx
      .insert(listings)
      .values(
        DEMO_LISTINGS.map((listing, index) => {
          const userId = sellerIds.get(listing.seller);
          if (!userId)
            throw new Error(`Demo listing "${listing.title}" names an unknown seller ${listing.seller}`);
          const place = lookupZip(listing.zip);
          if (!place)
            throw new Error(`Demo listing "${listing.title}" has an unknown ZIP code ${listing.zip}`);
          // Spread within the day too, so no two listings share a timestamp.
          const createdAt = new Date(now.getTime() - listing.daysAgo * DAY_MS - index * 61_000);
          return {
            userId,
            title: listing.title,
            description: listing.description,
            priceCents: listing.priceCents,
            category: listing.category,
            condition: listing.condition,
            make: listing.make,
            model: listing.model,
            yearStart: listing.yearStart,
            yearEnd: listing.yearEnd,
            location: placeLabel(place),
            zip: place.zip,
            latitude: place.latitude,
            longitude: place.longitude,
            negotiable: listing.negotiable,
            partBrand: listing.partBrand,
            partId: listing.partId,
            photos: photosByListing[index] ?? [],
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: listings.id, priceCents: listings.priceCents, createdAt: listings.createdAt });
    // What some of the members are hunting, open 30 days from their posting.
    await tx.insert(wantedPosts).values(
      DEMO_WANTED.map((post, index) => {
        const userId = sellerIds.get(post.member);
        if (!userId)
          throw new Error(`Demo wanted post "${post.title}" names an unknown member ${post.member}`);
        const place = post.zip ? lookupZip(post.zip) : null;
        const createdAt = new Date(now.getTime() - post.daysAgo * DAY_MS - index * 61_000);
        return {
          userId,
          title: post.title,
          description: post.description,
          category: post.category,
          make: post.make,
          model: post.model,
          yearStart: post.yearStart,
          yearEnd: post.yearEnd,
          partNumbers: post.partNumbers,
          partNumberKeys: post.partNumbers.map((number) => partNumberKey(number)!),
          maxPriceCents: post.maxPriceCents,
          zip: place?.zip ?? null,
          location: place ? placeLabel(place) : null,
          latitude: place?.latitude ?? null,
          longitude: place?.longitude ?? null,
          shipsToMe: post.shipsToMe,
          expiresAt: new Date(createdAt.getTime() + WANTED_DAYS * DAY_MS),
          createdAt,
          updatedAt: createdAt,
        };
      }),
    );
    // Each listing's first price, as creating one through the API records it.
    await tx
      .insert(listingPriceHistory)
      .values(
        inserted.map((row) => ({ listingId: row.id, priceCents: row.priceCents, createdAt: row.createdAt })),
      );
  });
  deps.logger.info(
    { sellers: DEMO_SELLERS.length, listings: DEMO_LISTINGS.length, wanted: DEMO_WANTED.length },
    'demo catalogue seeded',
  );
  return DEMO_LISTINGS.length;
}
