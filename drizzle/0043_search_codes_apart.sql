-- Codes written apart are one word (docs/search.md): "240 SX" is also indexed as 240sx, "S 15"
-- as s15, "RX 7" as rx7, as the search box joins them (`joinSplitCodes`): a number of up to 3 digits
-- beside a word of up to 3 letters, either way round. Years (4 digits) and longer words stay apart.
CREATE OR REPLACE FUNCTION "search_joined_codes"(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(code, ' '), '') FROM (
      SELECT regexp_replace(m[1], '[^[:alnum:]]', '', 'g') AS code
      FROM regexp_matches(coalesce(t, ''), '([[:alnum:]]+(?:[-.''/&+][[:alnum:]]+)+)', 'g') AS m
      UNION ALL
      SELECT lower(m[1] || m[2])
      FROM regexp_matches(coalesce(t, ''), '\m([0-9]{1,3})\s+([A-Za-z]{1,3})\M', 'g') AS m
      UNION ALL
      SELECT lower(m[1] || m[2])
      FROM regexp_matches(coalesce(t, ''), '\m([A-Za-z]{1,3})\s+([0-9]{1,3})\M', 'g') AS m
    ) AS codes
  $$;--> statement-breakpoint
-- A stored generated column is computed when a row is written: it is made again for every listing.
ALTER TABLE "listings" DROP COLUMN "search";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (listing_search_document(title, make, model, category, part_brand, part_id, description)) STORED;--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");--> statement-breakpoint
-- The vocabulary counts the new words too.
DELETE FROM "search_words";--> statement-breakpoint
INSERT INTO "search_words" ("word", "listings", "title_listings")
  SELECT c.word, sum(c.anywhere)::int, sum(c.in_title)::int
  FROM "listings", search_vocabulary_counts("search") AS c WHERE NOT "is_sold" GROUP BY c.word;
