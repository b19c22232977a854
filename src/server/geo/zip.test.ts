import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RADIUS_OPTIONS } from '@common/schemas/browse';
import { placeLabel } from '@common/schemas/places';
import { EARTH_RADIUS_MILES, boundingBox, lookupZip } from './zip';

/** The point `miles` away from `from` in the direction `bearing` (degrees from north), on the sphere. */
function travel(from: { latitude: number; longitude: number }, bearing: number, miles: number) {
  const rad = Math.PI / 180;
  const angle = miles / EARTH_RADIUS_MILES;
  const lat1 = from.latitude * rad;
  const lat2 = Math.asin(
    Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing * rad),
  );
  const lon2 =
    from.longitude * rad +
    Math.atan2(
      Math.sin(bearing * rad) * Math.sin(angle) * Math.cos(lat1),
      Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
    );
  return { latitude: lat2 / rad, longitude: lon2 / rad };
}

describe('ZIP codes', () => {
  it('are looked up offline, US only', () => {
    const place = lookupZip('97201')!;
    expect(placeLabel(place)).toBe('Portland, OR');
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('K1A')).toBeNull();
  });

  it('give a bounding box that holds every point within the distance (the index may not miss one)', () => {
    fc.assert(
      fc.property(
        // US latitudes and longitudes away from the antimeridian, each offered distance, any direction.
        fc.double({ min: 18, max: 72, noNaN: true }),
        fc.double({ min: -170, max: -64, noNaN: true }),
        fc.constantFrom(...RADIUS_OPTIONS),
        fc.double({ min: 0, max: 360, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (latitude, longitude, miles, bearing, share) => {
          const box = boundingBox({ latitude, longitude }, miles);
          const point = travel({ latitude, longitude }, bearing, miles * share);
          expect(point.latitude).toBeGreaterThanOrEqual(box.south - 1e-9);
          expect(point.latitude).toBeLessThanOrEqual(box.north + 1e-9);
          expect(point.longitude).toBeGreaterThanOrEqual(box.west - 1e-9);
          expect(point.longitude).toBeLessThanOrEqual(box.east + 1e-9);
        },
      ),
    );
  });

  it('give a box no wider than needed at mid latitudes', () => {
    // 100 miles around Portland, OR: about 1.45° of latitude and 2.1° of longitude either way.
    const box = boundingBox({ latitude: 45.5, longitude: -122.7 }, 100);
    expect(box.north - 45.5).toBeCloseTo(1.447, 2);
    expect(box.east + 122.7).toBeGreaterThan(2);
    expect(box.east + 122.7).toBeLessThan(2.2);
  });
});
