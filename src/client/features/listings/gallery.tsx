import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { PhotoView } from '@common/schemas/listings';
import { cn } from '@client/lib/cn';
import { ListingPhoto } from '@client/features/photos';
import { clampIndex, slideAt } from './gallery-gestures';
import { WaitingButton } from '@client/components/ui/waiting';

const load = () => import('./photo-viewer');
const PhotoViewer = lazy(load);

/**
 * The listing's photos: a strip as wide as the screen that a finger swipes from one photo to the next
 * (it snaps to each), with dots on phones and thumbnails on wide screens saying which is shown. A
 * photo opens full screen (see `PhotoViewer`), loaded the first time one is opened.
 */
export function Gallery({ photos, title }: { photos: PhotoView[]; title: string }) {
  const { t } = useTranslation('market');
  const strip = useRef<HTMLUListElement>(null);
  const [index, setIndex] = useState(0);
  // The photo open full screen, if any.
  const [viewing, setViewing] = useState<number | null>(null);
  const count = photos.length;

  if (count === 0)
    return (
      <ListingPhoto
        photo={null}
        alt={title}
        sizes="100vw"
        className="aspect-[4/3] w-full sm:rounded-xl"
        emptyLabel={t('card.noPhoto')}
      />
    );

  const slides = () => strip.current?.querySelectorAll<HTMLButtonElement>('[data-slide]');
  /** Scrolls the strip to a photo (smoothly, unless the reader asked for less motion) and, if asked, focuses it. */
  const show = (target: number, options: { focus?: boolean; instant?: boolean } = {}) => {
    const element = strip.current;
    const next = clampIndex(target, count);
    if (!element) return;
    element.scrollTo({ left: next * element.clientWidth, behavior: options.instant ? 'instant' : undefined });
    setIndex(next);
    if (options.focus) slides()?.[next]?.focus({ preventScroll: true });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    show(index + step, { focus: true });
  };
  const alt = (i: number) => (count > 1 ? t('listing.photo', { index: i + 1, count, title }) : title);

  return (
    <div className="-mx-4 sm:mx-0">
      <div className="relative">
        <ul
          ref={strip}
          aria-label={t('listing.photos')}
          onScroll={(event) =>
            setIndex(slideAt(event.currentTarget.scrollLeft, event.currentTarget.clientWidth, count))
          }
          onKeyDown={onKeyDown}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain scroll-smooth bg-slate-100 [scrollbar-width:none] sm:rounded-xl [&::-webkit-scrollbar]:hidden"
        >
          {photos.map((photo, i) => (
            <li key={photo.key} className="w-full shrink-0 snap-center snap-always">
              <WaitingButton
                data-slide
                // One photo at a time in the tab order: the arrow keys, dots and thumbnails move between them.
                tabIndex={i === index ? 0 : -1}
                aria-label={t('listing.openPhoto', { index: i + 1, count })}
                onPointerDown={() => void load()}
                onClick={() => setViewing(i)}
                className="block w-full cursor-zoom-in focus-visible:-outline-offset-4"
              >
                <ListingPhoto
                  photo={photo}
                  alt={alt(i)}
                  sizes="(min-width: 1024px) 60vw, 100vw"
                  // The first photo comes with the page (and is preloaded with it); the others as they near.
                  eager={i === 0}
                  className="aspect-[4/3] w-full object-contain!"
                  emptyLabel={t('card.noPhoto')}
                />
              </WaitingButton>
            </li>
          ))}
        </ul>
        {count > 1 ? (
          <>
            <StepButton
              direction={-1}
              label={t('listing.previousPhoto')}
              disabled={index === 0}
              onClick={() => show(index - 1)}
            />
            <StepButton
              direction={1}
              label={t('listing.nextPhoto')}
              disabled={index === count - 1}
              onClick={() => show(index + 1)}
            />
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <>
          <div className="mt-1 flex justify-center px-4 lg:hidden">
            {photos.map((photo, i) => (
              <WaitingButton
                key={photo.key}
                aria-label={t('listing.showPhoto', { index: i + 1 })}
                aria-current={i === index}
                onClick={() => show(i)}
                className="group flex size-6 items-center justify-center"
              >
                <span
                  aria-hidden
                  className={cn(
                    'size-2 rounded-full transition-colors',
                    i === index ? 'bg-brand-600' : 'bg-slate-300 group-hover:bg-slate-400',
                  )}
                />
              </WaitingButton>
            ))}
          </div>
          <div className="mt-3 hidden grid-cols-6 gap-2 lg:grid">
            {photos.map((photo, i) => (
              <WaitingButton
                key={photo.key}
                aria-label={t('listing.showPhoto', { index: i + 1 })}
                aria-current={i === index}
                onClick={() => show(i)}
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
              </WaitingButton>
            ))}
          </div>
        </>
      ) : null}
      {viewing !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            photos={photos}
            title={title}
            start={viewing}
            onClose={(last) => {
              setViewing(null);
              // The strip is left on the photo the viewer was left on.
              show(last, { instant: true });
            }}
            // And that photo has the focus again, once the viewer has let it go.
            onClosed={(last) => slides()?.[last]?.focus()}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/** Previous or next photo, over the strip's edge, for a mouse (a finger swipes). */
function StepButton({
  direction,
  label,
  disabled,
  onClick,
}: {
  direction: -1 | 1;
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = direction < 0 ? ChevronLeft : ChevronRight;
  return (
    <WaitingButton
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-md hover:bg-white disabled:invisible pointer-fine:flex',
        direction < 0 ? 'left-3' : 'right-3',
      )}
    >
      <Icon aria-hidden className="size-5" />
    </WaitingButton>
  );
}
