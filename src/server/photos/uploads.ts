import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { StoredPhoto } from '@common/photos';
import type { Db, Executor } from '../db/client';
import { uploads } from '../db/schema';
import { assertWithinQuota } from '../db/member-quota';
import { ApiError } from '../http/api-error';
import type { Storage } from '../storage/storage';
import { removeFiles } from '../storage/removals';
import { PhotoNotStored, memberPhotoFolder, storePhoto, uploadKeyOfFile } from './store-photo';

/** Photos a member may have uploaded and not yet used in a listing or post. */
export const UNATTACHED_UPLOAD_QUOTA = 60;
/** Uploads never attached are swept after this long. */
export const UNATTACHED_UPLOAD_HOURS = 24;
/**
 * A member's photo files that no upload owns are removed once this old: an upload writes its files
 * first and records them a moment later, and is never taken for an orphan in between.
 */
export const ORPHAN_FILE_GRACE_HOURS = 1;
/** Photos looked up in the database at a time by the orphan sweep. */
const ORPHAN_BATCH = 500;

const quota = (userId: string) => ({
  table: uploads,
  owner: uploads.userId,
  userId,
  limit: UNATTACHED_UPLOAD_QUOTA,
  error: 'UPLOAD_LIMIT' as const,
  counts: isNull(uploads.attachedAt),
});

/**
 * Stores a member's photo and records it, within their quota of unattached uploads (checked before
 * the work and again, under the quota's lock, before the record; files of a refused one are removed).
 */
export async function uploadPhoto(
  db: Db,
  storage: Storage,
  userId: string,
  bytes: Buffer,
): Promise<StoredPhoto> {
  await db.transaction((tx) => assertWithinQuota(tx, quota(userId)));
  const { photo, size } = await storePhoto(storage, memberPhotoFolder(userId), bytes).catch(
    async (error: unknown) => {
      // The store failed part way: the variants already written go (now, or by a job once it is back),
      // no upload is recorded, and the member is asked to try again.
      if (!(error instanceof PhotoNotStored)) throw error;
      await removeFiles(db, storage, [`${error.key}/`]);
      throw new ApiError(503, 'PHOTO_NOT_STORED', {}, undefined, { cause: error.cause });
    },
  );
  try {
    await db.transaction(async (tx) => {
      await assertWithinQuota(tx, quota(userId));
      await tx.insert(uploads).values({ key: photo.key, userId, ...dimensions(photo), bytes: size });
    });
  } catch (error) {
    await removeFiles(db, storage, [`${photo.key}/`]);
    throw error;
  }
  return photo;
}

const dimensions = (photo: StoredPhoto) => ({
  width: photo.width,
  height: photo.height,
  variants: photo.variants,
});

/**
 * The photos a listing or post names, as the server recorded them: each must be this member's upload
 * (anything else is refused), and size and variants come from the record, whatever the client sent.
 * `kept` are photos the item already had (an edit keeps them as they were). New ones become attached.
 */
export async function resolvePhotos(
  tx: Executor,
  userId: string,
  named: StoredPhoto[],
  kept: StoredPhoto[] = [],
): Promise<StoredPhoto[]> {
  const fresh = named.filter((photo) => !kept.some((k) => k.key === photo.key)).map((photo) => photo.key);
  const records = fresh.length
    ? await tx
        .select()
        .from(uploads)
        .where(and(inArray(uploads.key, fresh), eq(uploads.userId, userId)))
    : [];
  const resolved = named.map((photo) => {
    const known = kept.find((k) => k.key === photo.key) ?? records.find((record) => record.key === photo.key);
    if (!known) throw new ApiError(400, 'VALIDATION_ERROR', {}, { photos: 'validation.photoUnknown' });
    return { key: known.key, width: known.width, height: known.height, variants: known.variants };
  });
  if (fresh.length)
    await tx
      .update(uploads)
      .set({ attachedAt: sql`coalesce(${uploads.attachedAt}, now())` })
      .where(inArray(uploads.key, fresh));
  return resolved;
}

/** Removes uploads never attached within a day, files first; a batch at a time. */
export async function sweepUploads(db: Db, storage: Storage): Promise<number> {
  const stale = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(
      and(
        isNull(uploads.attachedAt),
        lt(uploads.createdAt, sql`now() - make_interval(hours => ${UNATTACHED_UPLOAD_HOURS})`),
      ),
    )
    .limit(500);
  for (const { key } of stale) {
    await storage.deletePrefix(`${key}/`);
    await db.delete(uploads).where(and(eq(uploads.key, key), isNull(uploads.attachedAt)));
  }
  return stale.length;
}

/**
 * Removes members' photo files that nothing owns, once older than `ORPHAN_FILE_GRACE_HOURS`: left by
 * a process killed between writing an upload's files and recording it, or between a member's deletion
 * and the removal of their files. A photo is owned by its upload record, or, for photos uploaded
 * before uploads were recorded, by a listing, post or conversation that names it. Only member uploads
 * (`listings/<member>/<photo>/`) are looked at: the demo catalogue's photos, data exports and
 * anything else in the store are left alone. Answers how many photos it removed.
 */
export async function sweepOrphanFiles(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - ORPHAN_FILE_GRACE_HOURS * 3600_000;
  let removed = 0;
  /** Photo key → its newest file's time, for the photos of the current batch. */
  let batch = new Map<string, number>();
  const flush = async () => {
    const candidates = [...batch].filter(([, newest]) => newest < cutoff).map(([key]) => key);
    batch = new Map();
    if (!candidates.length) return;
    const owned = await ownedPhotos(db, candidates);
    for (const key of candidates.filter((key) => !owned.has(key))) {
      await storage.deletePrefix(`${key}/`);
      removed++;
    }
  };
  let current: string | null = null;
  for await (const file of storage.list('listings/')) {
    const key = uploadKeyOfFile(file.key);
    if (!key) continue;
    // A photo's files come together: the batch is full only between two photos.
    if (key !== current && batch.size >= ORPHAN_BATCH) await flush();
    current = key;
    batch.set(key, Math.max(batch.get(key) ?? 0, file.modifiedAt.getTime()));
  }
  await flush();
  return removed;
}

/** Which of these photo keys an upload record, a listing, a post, a conversation or a wanted post names. */
async function ownedPhotos(db: Db, keys: string[]): Promise<Set<string>> {
  const wanted = sql`${sql.param(keys)}::text[]`;
  const list = sql`(select unnest(${wanted}) as key)`;
  const rows = await db.execute<{ key: string }>(sql`
    select k.key from ${list} k where exists (select 1 from uploads u where u.key = k.key)
    union
    select p ->> 'key' from listings l, jsonb_array_elements(l.photos) p where p ->> 'key' = any(${wanted})
    union
    select l.receipt_image ->> 'key' from listings l where l.receipt_image ->> 'key' = any(${wanted})
    union
    select p ->> 'key' from community_posts c, jsonb_array_elements(c.photos) p where p ->> 'key' = any(${wanted})
    union
    select c.listing_photo ->> 'key' from conversations c where c.listing_photo ->> 'key' = any(${wanted})
    union
    select w.photo ->> 'key' from wanted_posts w where w.photo ->> 'key' = any(${wanted})`);
  return new Set(rows.rows.map((row) => row.key));
}
