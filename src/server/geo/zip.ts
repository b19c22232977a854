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

/** How a place is shown on cards and listing pages: "Beverly Hills, CA". */
export function placeLabel(place: Pick<Place, 'city' | 'state'>): string {
  return `${place.city}, ${place.state}`;
}
