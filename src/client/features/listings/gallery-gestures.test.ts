import { describe, expect, it } from 'vitest';
import {
  clampIndex,
  clampView,
  fitted,
  MAX_SCALE,
  slideAt,
  spread,
  swipeStep,
  WHOLE,
  zoomAt,
} from './gallery-gestures';

describe('the strip of photos', () => {
  it('rests on the photo it shows most of, never past the first or the last', () => {
    expect(slideAt(0, 390, 3)).toBe(0);
    expect(slideAt(190, 390, 3)).toBe(0);
    expect(slideAt(200, 390, 3)).toBe(1);
    expect(slideAt(780, 390, 3)).toBe(2);
    // Overscrolled (a rubber band) or not laid out yet.
    expect(slideAt(900, 390, 3)).toBe(2);
    expect(slideAt(-40, 390, 3)).toBe(0);
    expect(slideAt(500, 0, 3)).toBe(0);
  });

  it('keeps an index within the photos there are', () => {
    expect(clampIndex(-1, 3)).toBe(0);
    expect(clampIndex(3, 3)).toBe(2);
    expect(clampIndex(1, 3)).toBe(1);
    expect(clampIndex(4, 0)).toBe(0);
  });
});

describe('a swipe', () => {
  it('goes on for a long sideways drag or a flick, and back the other way', () => {
    expect(swipeStep(-100, 10, 390, 400)).toBe(1);
    expect(swipeStep(100, -10, 390, 400)).toBe(-1);
    expect(swipeStep(-30, 0, 390, 40)).toBe(1);
  });

  it('stays for a short slow drag, a tap, or a mostly upright one', () => {
    expect(swipeStep(-40, 0, 390, 400)).toBe(0);
    expect(swipeStep(-10, 0, 390, 5)).toBe(0);
    expect(swipeStep(-100, 120, 390, 100)).toBe(0);
    // A fifth of a wide screen is more than 48 px.
    expect(swipeStep(-100, 0, 1280, 400)).toBe(0);
  });
});

describe('zoom', () => {
  const box = { width: 400, height: 800 };
  const content = fitted({ width: 900, height: 600 }, box);

  it('fits the photo in the box, its proportions kept', () => {
    expect(content.width).toBeCloseTo(400);
    expect(content.height).toBeCloseTo(266.67);
    expect(fitted({ width: 600, height: 900 }, { width: 1000, height: 450 })).toEqual({
      width: 300,
      height: 450,
    });
  });

  it('keeps the point zoomed on where it was', () => {
    const view = zoomAt(WHOLE, 2, { x: 100, y: 50 });
    expect(view).toEqual({ scale: 2, x: -100, y: -50 });
    // Zoomed further about the same point, it still stays put: 100 = x + scale × (its place in the photo).
    const further = zoomAt(view, 4, { x: 100, y: 50 });
    expect(further.x + 4 * ((100 - view.x) / 2)).toBeCloseTo(100);
    expect(further).toEqual({ scale: 4, x: -300, y: -150 });
  });

  it('follows a pinch that moves as it spreads', () => {
    const start = spread({ x: -50, y: 0 }, { x: 50, y: 0 });
    const now = spread({ x: -90, y: 20 }, { x: 110, y: 20 });
    expect(start).toEqual({ distance: 100, middle: { x: 0, y: 0 } });
    const view = zoomAt(WHOLE, (now.distance / start.distance) * WHOLE.scale, start.middle, now.middle);
    expect(view).toEqual({ scale: 2, x: 10, y: 20 });
  });

  it('stays between the whole photo and the most it zooms', () => {
    expect(zoomAt(WHOLE, 0.3, { x: 10, y: 10 }).scale).toBe(1);
    expect(zoomAt(WHOLE, 40, { x: 0, y: 0 }).scale).toBe(MAX_SCALE);
    expect(clampView({ scale: 9, x: 0, y: 0 }, content, box).scale).toBe(MAX_SCALE);
  });

  it('never moves the photo past its edges, and centres it where it is smaller than the box', () => {
    // At 2×, the photo is 800 × 533: 200 px to spare each side across, none up or down.
    expect(clampView({ scale: 2, x: 500, y: 300 }, content, box)).toEqual({ scale: 2, x: 200, y: 0 });
    expect(clampView({ scale: 2, x: -500, y: -300 }, content, box)).toEqual({ scale: 2, x: -200, y: 0 });
    expect(clampView({ scale: 2, x: 50, y: 0 }, content, box)).toEqual({ scale: 2, x: 50, y: 0 });
    expect(clampView({ scale: 1, x: 30, y: 30 }, content, box)).toEqual(WHOLE);
  });
});
