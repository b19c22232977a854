-- pg_restore runs with an empty search_path, and rebuilds the listings' generated search column by
-- calling listing_search_document: the functions it calls must be named with their schema, or a
-- PostgreSQL backup cannot be restored (docs/operations.md, "Backups").
CREATE OR REPLACE FUNCTION "listing_search_document"(title text, make text, model text, category text, brand text, part text, description text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT setweight(to_tsvector('simple', concat_ws(' ', title, make, public.search_make_aliases(make), model, category, brand, part)
             || ' ' || public.search_joined_codes(concat_ws(' ', title, make, model, brand, part))), 'A')
        || setweight(to_tsvector('simple', coalesce(description, '') || ' ' || public.search_joined_codes(description)), 'D')
  $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "search_vocabulary_counts"(doc tsvector) RETURNS TABLE (word text, anywhere int, in_title int)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT w, 1, 0 FROM public.search_vocabulary_words(doc) AS w
    UNION ALL
    SELECT w, 0, 1 FROM public.search_vocabulary_words(ts_filter(doc, '{a}')) AS w
  $$;
