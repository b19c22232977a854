-- The search document in PL/pgSQL, same words and weights as 0043's (docs/search.md). As a SQL
-- function it was not inlined, and each call planned the two `search_joined_codes` calls inside it
-- again: about 0.25 ms a listing written. PL/pgSQL keeps those plans, so inserting or updating a
-- listing, and rebuilding the column, costs a sixth of that. Names outside pg_catalog stay qualified
-- with `public.`: a restore (pg_dump) runs with an empty search path.
CREATE OR REPLACE FUNCTION "listing_search_document"(title text, make text, model text, category text, brand text, part text, description text) RETURNS tsvector
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE
  AS $$
  BEGIN
    RETURN setweight(to_tsvector('simple', concat_ws(' ', title, make, public.search_make_aliases(make), model, category, brand, part)
             || ' ' || public.search_joined_codes(concat_ws(' ', title, make, model, brand, part))), 'A')
        || setweight(to_tsvector('simple', coalesce(description, '') || ' ' || public.search_joined_codes(description)), 'D');
  END
  $$;
