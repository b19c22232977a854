import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { PHOTO_VARIANT_WIDTHS, photoVariantKey, type StoredPhoto } from '@common/photos';
import type { Storage } from '../storage/storage';

/** The store refused a variant (a bucket out of reach, a full disk); some may be written under `key`. */
export class PhotoNotStored extends Error {
  override name = 'PhotoNotStored';
  constructor(
    readonly key: string,
    cause: unknown,
  ) {
    super(`Photo ${key} not stored`, { cause });
  }
}

/**
 * Re-encodes a photo into WebP variants (up to 320, 640 and 1280 px wide, never enlarged) and stores them.
 * Orientation from EXIF is applied first; the output carries no metadata (GPS, camera, EXIF).
 */
export async function storePhoto(
  storage: Storage,
  folder: string,
  input: Buffer,
): Promise<{ photo: StoredPhoto; size: number }> {
  const oriented = sharp(input, { failOn: 'error', limitInputPixels: 50_000_000 }).autoOrient();
  const { width = 0, height = 0 } = (await oriented.metadata()).autoOrient;
  if (!width || !height) throw new Error('Photo has no size');

  const photo: StoredPhoto = { key: `${folder}/${randomUUID()}`, width, height, variants: [] };
  let size = 0;
  // Each variant is at most its nominal width; the first one wider than the photo is the photo's own
  // width, and the rest are skipped, so nothing is enlarged and nothing of the original is lost.
  for (const target of PHOTO_VARIANT_WIDTHS) {
    const body = await oriented
      .clone()
      .resize({ width: Math.min(target, width), withoutEnlargement: true })
      .webp({ quality: 78, effort: 4 })
      .toBuffer();
    photo.variants.push(target);
    size += body.length;
    try {
      await storage.put(photoVariantKey(photo, target), body, 'image/webp');
    } catch (error) {
      throw new PhotoNotStored(photo.key, error);
    }
    if (target >= width) break;
  }
  return { photo, size };
}

/** Where `/api/photos` keeps a member's uploads (listings and community posts alike). */
export function memberPhotoFolder(userId: string): string {
  return `listings/${userId}`;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A member's upload: `listings/<member id>/<uuid>`. */
const UPLOAD_KEY = new RegExp(`^listings/([A-Za-z0-9_-]+)/${UUID}$`);
/** The demo catalogue's photos: `listings/<uuid>`. */
const SEEDED_KEY = new RegExp(`^listings/${UUID}$`);

/** A file of a member's upload (`listings/<member id>/<uuid>/<width>.webp`): the upload's key, else null. */
export function uploadKeyOfFile(fileKey: string): string | null {
  const photoKey = fileKey.slice(0, fileKey.lastIndexOf('/'));
  return UPLOAD_KEY.test(photoKey) ? photoKey : null;
}

/** Whether a stored photo is one `storePhoto` could have made: its key and its variant widths. */
export function isStoredPhoto(photo: StoredPhoto): boolean {
  return (
    (UPLOAD_KEY.test(photo.key) || SEEDED_KEY.test(photo.key)) &&
    photo.variants.every((width) => (PHOTO_VARIANT_WIDTHS as readonly number[]).includes(width))
  );
}
