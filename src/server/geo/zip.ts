import zipcodes from 'zipcodes';

/** A US ZIP code's place, from the `zipcodes` data set bundled with the server (no network). */
export interface Place {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

/** The place of a 5-digit US ZIP code, or null when the data set does not know it. */
export function lookupZip(zip: string): Place | null {
  if (!/^\d{5}$/.test(zip)) return null;
  const found = zipcodes.lookup(zip);
  if (!found || found.country !== 'US') return null;
  return {
    zip: found.zip,
    city: found.city,
    state: found.state,
    latitude: found.latitude,
    longitude: found.longitude,
  };
}

/** The Earth's mean radius in miles (distances are great-circle, on a sphere). */
export const EARTH_RADIUS_MILES = 3958.8;

/** Latitudes and longitudes in degrees that enclose every point within a distance of a place. */
export interface BoundingBox {
  south: number;
  north: number;
  west: number;
  east: number;
}

/**
 * The box around `place` holding every point within `miles` of it: the first, index-served test of a
 * distance search, which the exact (haversine) distance then narrows to the circle. Kept inside
 * −180°…180° (a circle crossing the antimeridian, only possible in the far Aleutians, is cut there).
 */
export function boundingBox(place: Pick<Place, 'latitude' | 'longitude'>, miles: number): BoundingBox {
  const degrees = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const south = Math.max(place.latitude - degrees, -90);
  const north = Math.min(place.latitude + degrees, 90);
  // A degree of longitude shrinks with the cosine of the latitude; at the box's widest latitude it is
  // shortest. Near a pole the box takes every longitude.
  const widest = Math.max(Math.abs(south), Math.abs(north));
  const across = widest >= 89.9 ? 180 : degrees / Math.cos((widest * Math.PI) / 180);
  return {
    south,
    north,
    west: Math.max(place.longitude - across, -180),
    east: Math.min(place.longitude + across, 180),
  };
}
