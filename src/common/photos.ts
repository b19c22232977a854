/** A photo as stored: the storage key prefix of its variants and the widths it was encoded at. */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  /** Nominal widths (px) of the WebP variants, smallest first, each at most that wide; each lives at `${key}/${w}.webp`. */
  variants: number[];
}

export const PHOTO_VARIANT_WIDTHS = [320, 640, 1280] as const;

export function photoVariantKey(photo: StoredPhoto, width: number): string {
  return `${photo.key}/${width}.webp`;
}
