import type { PhotoView } from '@common/schemas/listings';
import { ImageOff } from 'lucide-react';
import { cn } from '@client/lib/cn';

/** A listing photo in the smallest WebP size that fills `sizes`. */
export function ListingPhoto({
  photo,
  alt,
  sizes,
  className,
  eager,
  emptyLabel,
}: {
  photo: PhotoView | null;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
  emptyLabel: string;
}) {
  if (!photo) {
    return (
      <div
        role="img"
        aria-label={emptyLabel}
        className={cn('flex items-center justify-center bg-slate-100 text-slate-400', className)}
      >
        <ImageOff aria-hidden className="size-8" />
      </div>
    );
  }
  const smallest = photo.sources[0];
  return (
    <img
      src={smallest?.url}
      srcSet={photo.sources.map((s) => `${s.url} ${s.width}w`).join(', ')}
      sizes={sizes}
      width={photo.width}
      height={photo.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cn('bg-slate-100 object-cover', className)}
    />
  );
}
