import { z } from 'zod';

/**
 * One way to page, for every list the API answers a page at a time: the request names where to go on
 * from with `cursor` (left out: the first page), and the answer carries `nextCursor`, the position to
 * ask for next, null on the last page. The position is opaque: the server made it, the client only
 * hands it back.
 */

/** A position the server handed out as `nextCursor`. */
export const Cursor = z.string().max(200).meta({
  description:
    'The `nextCursor` of the page before, as the server made it: any other value is refused (400).',
});

/** The query of a paged list: `cursor`, the `nextCursor` of the page before. */
export const CursorQuerySchema = z.object({ cursor: Cursor.optional() });

/** Where the next page starts; null on the last page. */
export const NextCursorSchema = z.string().nullable();
