-- Browse "Near" a ZIP code and the home page's "For you" (docs/search.md).
-- INCLUDE: the exact distance is tested from the index, so a near search's bounded count is an
-- index-only scan that stops at its cap (a bitmap of a city's box read tens of thousands of rows first).
CREATE INDEX "listings_unsold_position_idx" ON "listings" USING gist (point("longitude", "latitude")) INCLUDE ("latitude", "longitude") WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_make_category_newest_idx" ON "listings" USING btree ("make","category","listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;