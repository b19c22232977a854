/**
 * The arithmetic of the listing's photos: which photo a swiped strip rests on, whether a drag was a
 * swipe, and zooming about a point (a pinch's middle, a double tap, the wheel) without showing past
 * the photo's edges.
 */

/** How far the full-screen viewer zooms in. */
export const MAX_SCALE = 4;
/** What a double tap or the zoom-in button zooms to from the whole photo. */
export const TAP_SCALE = 2.5;

/** Where the photo is: scaled about its centre, then moved by (x, y) pixels. */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const WHOLE: View = { scale: 1, x: 0, y: 0 };

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index));
}

/** The photo a strip of full-width photos shows most of, scrolled to `scrollLeft`. */
export function slideAt(scrollLeft: number, width: number, count: number): number {
  if (width <= 0) return 0;
  return clampIndex(Math.round(scrollLeft / width), count);
}

/**
 * What a one-finger drag of the whole photo asks: the next photo (1), the previous (-1) or to stay
 * (0). A swipe is mostly sideways, and either long (a fifth of the width, at least 48 px) or quick (a
 * flick of at least 24 px at over half a pixel a millisecond).
 */
export function swipeStep(dx: number, dy: number, width: number, milliseconds: number): -1 | 0 | 1 {
  const distance = Math.abs(dx);
  if (distance <= Math.abs(dy)) return 0;
  const long = distance >= Math.max(48, width / 5);
  const flick = distance >= 24 && distance / Math.max(milliseconds, 1) > 0.5;
  if (!long && !flick) return 0;
  return dx < 0 ? 1 : -1;
}

/** The photo's size in a box at scale 1: as large as fits, its proportions kept. */
export function fitted(photo: Size, box: Size): Size {
  if (photo.width <= 0 || photo.height <= 0) return { width: 0, height: 0 };
  const ratio = Math.min(box.width / photo.width, box.height / photo.height);
  return { width: photo.width * ratio, height: photo.height * ratio };
}

/**
 * A view kept within bounds: the scale between 1 and MAX_SCALE, and the photo moved no further than
 * its edges reach the box's (centred on an axis where it is smaller than the box).
 */
export function clampView(view: View, content: Size, box: Size): View {
  const scale = Math.min(MAX_SCALE, Math.max(1, view.scale));
  const reach = (length: number, room: number) => Math.max(0, (length * scale - room) / 2);
  const limit = (value: number, max: number) => Math.min(max, Math.max(-max, value)) || 0;
  return {
    scale,
    x: limit(view.x, reach(content.width, box.width)),
    y: limit(view.y, reach(content.height, box.height)),
  };
}

/**
 * Zooms to `scale` keeping what was under `from` (a point measured from the box's centre) under
 * `to`: the same point for a double tap or the wheel, the fingers' new middle for a pinch.
 */
export function zoomAt(view: View, scale: number, from: Point, to: Point = from): View {
  const next = Math.min(MAX_SCALE, Math.max(1, scale));
  return {
    scale: next,
    x: to.x - ((from.x - view.x) / view.scale) * next,
    y: to.y - ((from.y - view.y) / view.scale) * next,
  };
}

/** The distance between two fingers and their middle. */
export function spread(a: Point, b: Point): { distance: number; middle: Point } {
  return {
    distance: Math.hypot(a.x - b.x, a.y - b.y),
    middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 },
  };
}
