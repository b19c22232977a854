import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhotoView } from '@common/schemas/listings';
import { cn } from '@client/lib/cn';
import { useAlive } from '@client/lib/use-alive';
import { ListingPhoto } from '@client/features/photos';

/** The listing's photos: one large, and thumbnails only when there is more than one. */
export function Gallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  const { t } = useTranslation('market');
  const [index, setIndex] = useState(0);
  const alive = useAlive();
  const current = photos[index] ?? null;
  return (
    <div>
      <ListingPhoto
        photo={current}
        alt={
          photos.length > 1 ? t('listing.photo', { index: index + 1, count: photos.length, title }) : title
        }
        sizes="(min-width: 1024px) 60vw, 100vw"
        className="aspect-[4/3] w-full rounded-xl object-contain!"
        eager
        emptyLabel={t('card.noPhoto')}
      />
      {photos.length > 1 ? (
        <div className="mt-3 grid grid-cols-5 gap-2 sm:grid-cols-6">
          {photos.map((photo, i) => (
            <button
              key={photo.key}
              type="button"
              aria-label={t('listing.showPhoto', { index: i + 1 })}
              aria-current={i === index}
              onClick={() => setIndex(i)}
              disabled={!alive}
              className={cn(
                'overflow-hidden rounded-lg border-2',
                i === index ? 'border-brand-600' : 'border-transparent hover:border-slate-300',
              )}
            >
              <ListingPhoto
                photo={photo}
                alt=""
                sizes="96px"
                className="aspect-square w-full"
                emptyLabel=""
              />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
