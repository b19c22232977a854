/**
 * A listing's reference: the first 8 hex digits of its id, upper case ("Ref. 1A2B3C4D" on its page),
 * and what a browse search means when it names a listing (docs/search.md).
 */

const REFERENCE_LENGTH = 8;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The reference alone, or as the page shows it ("Ref. 1A2B3C4D", "Ref: …", "#…"). */
const REFERENCE = /^(?:ref\.?:?\s*|#)?([0-9a-f]{8})$/i;
/** A listing page's address, with or without the scheme and host, and with any query or fragment. */
const LISTING_ADDRESS =
  /^(?:(?:https?:\/\/)?[^\s/?#]+)?\/listing\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?(?:[?#]\S*)?$/i;

/** The reference shown for a listing id. */
export function listingReference(id: string): string {
  return id.slice(0, REFERENCE_LENGTH).toUpperCase();
}

/**
 * The listing(s) a search names when it is exactly a reference, a whole id or a listing's address: one
 * id, or the ids beginning with a reference (an id range, `first`…`last`). Null for any other search.
 */
export type ReferenceSearch = { id: string } | { first: string; last: string };

export function referenceSearch(text: string): ReferenceSearch | null {
  const typed = text.trim();
  if (UUID.test(typed)) return { id: typed.toLowerCase() };
  const address = LISTING_ADDRESS.exec(typed);
  if (address) return { id: address[1]!.toLowerCase() };
  const reference = REFERENCE.exec(typed);
  if (!reference) return null;
  const prefix = reference[1]!.toLowerCase();
  return { first: `${prefix}-0000-0000-0000-000000000000`, last: `${prefix}-ffff-ffff-ffff-ffffffffffff` };
}
