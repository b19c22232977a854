-- Search documents, issue 13. Every word typed must be found in the title, what the part fits (make,
-- model), its category, brand or part number (weight A) or its description (weight D). Codes written
-- with inner punctuation are indexed both ways: "GT-R" gives gt-r, gt and r (the parser) and gtr (joined
-- here), so `GTR`, `GT-R` and `gt r` all find it. The search box joins a typed word the same way.
CREATE FUNCTION "search_joined_codes"(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(string_agg(regexp_replace(m[1], '[^[:alnum:]]', '', 'g'), ' '), '')
    FROM regexp_matches(coalesce(t, ''), '([[:alnum:]]+(?:[-.''/&+][[:alnum:]]+)+)', 'g') AS m
  $$;--> statement-breakpoint
-- The names people use for a make besides the catalogue's ("VW golf", "chevy camaro").
CREATE FUNCTION "search_make_aliases"(make text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE make
      WHEN 'Volkswagen' THEN 'vw'
      WHEN 'Chevrolet' THEN 'chevy'
      WHEN 'Mercedes-Benz' THEN 'mercedes benz'
      WHEN 'Alfa Romeo' THEN 'alfa'
      ELSE ''
    END
  $$;--> statement-breakpoint
CREATE FUNCTION "listing_search_document"(title text, make text, model text, category text, brand text, part text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple', concat_ws(' ', title, make, search_make_aliases(make), model, category, brand, part)
             || ' ' || search_joined_codes(concat_ws(' ', title, make, model, brand, part))), 'A')
        || setweight(to_tsvector('simple', coalesce(description, '') || ' ' || search_joined_codes(description)), 'D')
  $$;--> statement-breakpoint
-- The words of a document that go into the vocabulary: plain ASCII words with a letter in them (numbers
-- and other scripts are searched as typed, never corrected).
CREATE FUNCTION "search_vocabulary_words"(doc tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT w FROM unnest(tsvector_to_array(doc)) AS w WHERE w ~ '[a-z]' AND w !~ '[^a-z0-9]' AND length(w) <= 32
  $$;--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text COLLATE "C" PRIMARY KEY NOT NULL,
	"listings" integer NOT NULL,
	"title_listings" integer NOT NULL
);
--> statement-breakpoint
DROP INDEX "listings_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "listings" drop column "search";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (listing_search_document(title, make, model, category, part_brand, part_id, description)) STORED;--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");--> statement-breakpoint
CREATE INDEX "listings_unsold_category_make_idx" ON "listings" USING btree ("category","make","created_at" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- How many unsold listings have each word anywhere, and in the title or fitment (weight A).
CREATE FUNCTION "search_vocabulary_counts"(doc tsvector) RETURNS TABLE (word text, anywhere int, in_title int)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT w, 1, 0 FROM search_vocabulary_words(doc) AS w
    UNION ALL
    SELECT w, 0, 1 FROM search_vocabulary_words(ts_filter(doc, '{a}')) AS w
  $$;--> statement-breakpoint
INSERT INTO "search_words" ("word", "listings", "title_listings")
  SELECT c.word, sum(c.anywhere)::int, sum(c.in_title)::int
  FROM "listings", search_vocabulary_counts("search") AS c WHERE NOT "is_sold" GROUP BY c.word;--> statement-breakpoint
-- The vocabulary follows the listings: one statement trigger per change adds what the statement's rows
-- bring and takes away what they took (a bulk import is one upsert per word, not one per row). Words
-- are upserted in order so two writers never wait on each other in a cycle.
CREATE FUNCTION "search_words_follow"() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO search_words AS s (word, listings, title_listings)
        SELECT c.word, sum(c.anywhere)::int, sum(c.in_title)::int
        FROM new_rows AS n, search_vocabulary_counts(n.search) AS c
        WHERE NOT n.is_sold GROUP BY c.word ORDER BY c.word
        ON CONFLICT (word) DO UPDATE
          SET listings = s.listings + excluded.listings, title_listings = s.title_listings + excluded.title_listings;
    ELSIF TG_OP = 'DELETE' THEN
      INSERT INTO search_words AS s (word, listings, title_listings)
        SELECT c.word, -sum(c.anywhere)::int, -sum(c.in_title)::int
        FROM old_rows AS o, search_vocabulary_counts(o.search) AS c
        WHERE NOT o.is_sold GROUP BY c.word ORDER BY c.word
        ON CONFLICT (word) DO UPDATE
          SET listings = s.listings + excluded.listings, title_listings = s.title_listings + excluded.title_listings;
    ELSE
      WITH changed AS (
        SELECT o.search AS old_doc, o.is_sold AS old_sold, n.search AS new_doc, n.is_sold AS new_sold
        FROM old_rows AS o JOIN new_rows AS n ON n.id = o.id
        WHERE o.is_sold <> n.is_sold OR o.search <> n.search
      ), delta AS (
        SELECT c.word, c.anywhere, c.in_title FROM changed, search_vocabulary_counts(new_doc) AS c WHERE NOT new_sold
        UNION ALL
        SELECT c.word, -c.anywhere, -c.in_title FROM changed, search_vocabulary_counts(old_doc) AS c WHERE NOT old_sold
      )
      INSERT INTO search_words AS s (word, listings, title_listings)
        SELECT word, sum(anywhere)::int, sum(in_title)::int FROM delta
        GROUP BY word HAVING sum(anywhere) <> 0 OR sum(in_title) <> 0 ORDER BY word
        ON CONFLICT (word) DO UPDATE
          SET listings = s.listings + excluded.listings, title_listings = s.title_listings + excluded.title_listings;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER "listings_search_words_insert" AFTER INSERT ON "listings"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_follow();--> statement-breakpoint
CREATE TRIGGER "listings_search_words_update" AFTER UPDATE ON "listings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_follow();--> statement-breakpoint
CREATE TRIGGER "listings_search_words_delete" AFTER DELETE ON "listings"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_words_follow();
