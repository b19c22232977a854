import {
  useEffect,
  useRef,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from 'radix-ui';
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import type { PhotoView } from '@common/schemas/listings';
import { cn } from '@client/lib/cn';
import {
  clampIndex,
  clampView,
  fitted,
  MAX_SCALE,
  spread,
  swipeStep,
  TAP_SCALE,
  WHOLE,
  zoomAt,
  type Point,
  type View,
} from './gallery-gestures';
import { WaitingButton } from '@client/components/ui/waiting';

/** Two taps this close in time and place are a double tap; a tap moves less than TAP_SLOP. */
const DOUBLE_TAP_MS = 300;
const TAP_SLOP = 10;

type Gesture =
  // `swipe`: whether, on the whole photo, it may go to the next one (not once it has been a pinch);
  // `onButton`: it started on a side button, whose own click a tap is.
  | { kind: 'drag'; start: Point; view: View; time: number; swipe: boolean; onButton?: boolean }
  | { kind: 'pinch'; start: ReturnType<typeof spread>; view: View };

/**
 * A listing's photos full screen (a Radix dialog: focus kept inside, Escape closes it, the page does
 * not scroll behind): pinch, double-tap, the wheel or the zoom buttons zoom; a swipe, the arrow keys
 * or the side buttons go to the other photos. Loaded the first time a photo is opened.
 */
export default function PhotoViewer({
  photos,
  title,
  start,
  onClose,
  onClosed,
}: {
  photos: PhotoView[];
  title: string;
  start: number;
  /** Asked to close, on the photo shown last. */
  onClose: (last: number) => void;
  /** Closed: where focus goes back (the photo shown last, in the page). */
  onClosed: (last: number) => void;
}) {
  const { t } = useTranslation('market');
  const [index, setIndex] = useState(() => clampIndex(start, photos.length));
  const [view, setView] = useState<View>(WHOLE);
  // How far a swipe has moved the whole photo sideways, while the finger is down.
  const [drag, setDrag] = useState(0);
  const [moving, setMoving] = useState(false);
  const [stage, setStage] = useState<HTMLDivElement | null>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<{ time: number; point: Point } | null>(null);
  const count = photos.length;
  const photo = photos[index];

  /** The stage's size, the photo's size in it at scale 1, and a pointer's place from the stage's centre. */
  const measure = (element: HTMLElement, pointer?: { clientX: number; clientY: number }) => {
    const rect = element.getBoundingClientRect();
    const box = { width: rect.width, height: rect.height };
    const content = photo ? fitted(photo, box) : box;
    const point = pointer
      ? { x: pointer.clientX - rect.left - rect.width / 2, y: pointer.clientY - rect.top - rect.height / 2 }
      : { x: 0, y: 0 };
    return { box, content, point };
  };

  // The wheel zooms (a trackpad's pinch is a wheel with Ctrl): the page itself must not zoom, so the
  // listener is not passive, which React's own is.
  useEffect(() => {
    if (!stage) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { box, content, point } = measure(stage, event);
      const factor = Math.exp(-event.deltaY * (event.ctrlKey ? 0.01 : 0.002));
      setView((current) => clampView(zoomAt(current, current.scale * factor, point), content, box));
    };
    stage.addEventListener('wheel', onWheel, { passive: false });
    return () => stage.removeEventListener('wheel', onWheel);
  });

  const go = (target: number) => {
    setDrag(0);
    if (target < 0 || target >= count || target === index) return;
    setIndex(target);
    setView(WHOLE);
  };
  const zoomBy = (factor: number) => {
    if (!stage) return;
    const { box, content } = measure(stage);
    setView((current) => clampView(zoomAt(current, current.scale * factor, { x: 0, y: 0 }), content, box));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // Held by the stage, unless on a button: held away from it, the button would not be clicked.
    const onButton = event.target instanceof Element && event.target.closest('button') !== null;
    if (!onButton) event.currentTarget.setPointerCapture(event.pointerId);
    const { point } = measure(event.currentTarget, event);
    pointers.current.set(event.pointerId, point);
    setMoving(true);
    const [a, b] = [...pointers.current.values()];
    if (a && b) {
      setDrag(0);
      gesture.current = { kind: 'pinch', start: spread(a, b), view };
    } else
      gesture.current = { kind: 'drag', start: point, view, time: event.timeStamp, swipe: true, onButton };
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const now = gesture.current;
    if (!now || !pointers.current.has(event.pointerId)) return;
    const { box, content, point } = measure(event.currentTarget, event);
    pointers.current.set(event.pointerId, point);
    if (now.kind === 'pinch') {
      const [a, b] = [...pointers.current.values()];
      if (!a || !b) return;
      const { distance, middle } = spread(a, b);
      const scale = (now.view.scale * distance) / Math.max(now.start.distance, 1);
      setView(clampView(zoomAt(now.view, scale, now.start.middle, middle), content, box));
      return;
    }
    const dx = point.x - now.start.x;
    const dy = point.y - now.start.y;
    if (now.view.scale > 1)
      setView(clampView({ ...now.view, x: now.view.x + dx, y: now.view.y + dy }, content, box));
    // The first and last photos give a little, to say there is nothing further.
    else if (now.swipe) setDrag((dx < 0 && index === count - 1) || (dx > 0 && index === 0) ? dx / 4 : dx);
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const now = gesture.current;
    const point = pointers.current.get(event.pointerId);
    if (!now || !point) return;
    pointers.current.delete(event.pointerId);
    const left = [...pointers.current.values()][0];
    if (now.kind === 'pinch') {
      // One finger lifted: the other goes on moving the zoomed photo.
      gesture.current = left
        ? { kind: 'drag', start: left, view, time: event.timeStamp, swipe: false }
        : null;
      if (!left) setMoving(false);
      return;
    }
    gesture.current = null;
    setMoving(false);
    const { box, content } = measure(event.currentTarget);
    const dx = point.x - now.start.x;
    const dy = point.y - now.start.y;
    const tap = event.type === 'pointerup' && Math.hypot(dx, dy) < TAP_SLOP;
    if (now.onButton && tap) {
      setDrag(0);
      return;
    }
    if (!tap) {
      lastTap.current = null;
      if (now.swipe && now.view.scale === 1)
        go(index + swipeStep(dx, dy, box.width, event.timeStamp - now.time));
      else setDrag(0);
      return;
    }
    setDrag(0);
    const previous = lastTap.current;
    const double =
      previous &&
      event.timeStamp - previous.time < DOUBLE_TAP_MS &&
      Math.hypot(point.x - previous.point.x, point.y - previous.point.y) < TAP_SLOP * 3;
    lastTap.current = double ? null : { time: event.timeStamp, point };
    if (double) setView(view.scale > 1 ? WHOLE : clampView(zoomAt(view, TAP_SCALE, point), content, box));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const action = {
      ArrowLeft: () => go(index - 1),
      ArrowRight: () => go(index + 1),
      '+': () => zoomBy(2),
      '=': () => zoomBy(2),
      '-': () => zoomBy(0.5),
      '0': () => setView(WHOLE),
    }[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => (open ? undefined : onClose(index))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeButton.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            onClosed(index);
          }}
          className="fixed inset-0 z-50 flex flex-col bg-black text-white outline-none"
        >
          <div className="flex items-center gap-1 px-2 pt-[max(0.5rem,env(safe-area-inset-top))] pb-2">
            <Dialog.Title className="min-w-0 flex-1 truncate px-2 text-sm font-medium">{title}</Dialog.Title>
            {count > 1 ? (
              <p aria-live="polite" className="shrink-0 px-2 text-sm text-white/80 tabular-nums">
                {t('listing.photoPosition', { index: index + 1, count })}
              </p>
            ) : null}
            <ToolButton label={t('listing.zoomOut')} disabled={view.scale <= 1} onClick={() => zoomBy(0.5)}>
              <ZoomOut aria-hidden className="size-5" />
            </ToolButton>
            <ToolButton
              label={t('listing.zoomIn')}
              disabled={view.scale >= MAX_SCALE}
              onClick={() => zoomBy(2)}
            >
              <ZoomIn aria-hidden className="size-5" />
            </ToolButton>
            <ToolButton ref={closeButton} label={t('listing.closePhotos')} onClick={() => onClose(index)}>
              <X aria-hidden className="size-6" />
            </ToolButton>
          </div>
          <Dialog.Description className="sr-only">{t('listing.viewerHelp')}</Dialog.Description>
          {/* The photo and its side buttons: a swipe that starts on a button still goes to the next photo. */}
          <div
            ref={setStage}
            data-testid="photo-stage"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerEnd}
            onPointerCancel={onPointerEnd}
            className={cn(
              'relative min-h-0 flex-1 touch-none overflow-hidden select-none',
              view.scale > 1 ? 'cursor-grab' : 'cursor-zoom-in',
            )}
          >
            {photo ? (
              <img
                key={photo.key}
                src={photo.sources.at(-1)?.url}
                srcSet={photo.sources.map((s) => `${s.url} ${s.width}w`).join(', ')}
                sizes="100vw"
                width={photo.width}
                height={photo.height}
                alt={count > 1 ? t('listing.photo', { index: index + 1, count, title }) : title}
                draggable={false}
                style={{
                  transform: `translate(${view.x + drag}px, ${view.y}px) scale(${view.scale})`,
                }}
                className={cn(
                  'absolute inset-0 size-full object-contain',
                  moving ? null : 'transition-transform duration-200 ease-out',
                )}
              />
            ) : null}
            {count > 1 ? (
              <>
                <SideButton
                  side="left"
                  label={t('listing.previousPhoto')}
                  disabled={index === 0}
                  onClick={() => go(index - 1)}
                />
                <SideButton
                  side="right"
                  label={t('listing.nextPhoto')}
                  disabled={index === count - 1}
                  onClick={() => go(index + 1)}
                />
              </>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A round button on the dark viewer, named by `label` (it shows an icon). */
function ToolButton({ label, className, ...props }: ComponentProps<'button'> & { label: string }) {
  return (
    <WaitingButton
      aria-label={label}
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-full text-white hover:bg-white/15 focus-visible:outline-white disabled:opacity-40',
        className,
      )}
      {...props}
    />
  );
}

function SideButton({
  side,
  label,
  disabled,
  onClick,
}: {
  side: 'left' | 'right';
  label: string;
  disabled: boolean;
  onClick: () => void;
}) {
  const Icon = side === 'left' ? ChevronLeft : ChevronRight;
  return (
    <ToolButton
      label={label}
      disabled={disabled}
      onClick={onClick}
      className={cn(
        'absolute top-1/2 -translate-y-1/2 bg-black/50 disabled:invisible',
        side === 'left' ? 'left-2' : 'right-2',
      )}
    >
      <Icon aria-hidden className="size-6" />
    </ToolButton>
  );
}
