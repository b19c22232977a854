-- "Fits my vehicles" reads each vehicle's listings by its own walk of this index. Carrying the id, the
-- model and the years lets the bounded count and the page's walk test the years and keep the keyset
-- order from the index alone (an index-only scan), fetching only the page's rows from the table.
DROP INDEX "listings_unsold_make_model_idx";--> statement-breakpoint
CREATE INDEX "listings_unsold_make_model_idx" ON "listings" USING btree ("make",lower("model"),"created_at" DESC NULLS FIRST) INCLUDE ("id","model","year_start","year_end") WHERE "listings"."is_sold" = false;--> statement-breakpoint
-- A model belongs to one make: without this the planner multiplies the two filters' shares as if they
-- were independent, and takes a vehicle's thousands of listings for a few hundred.
CREATE STATISTICS "listings_make_model_stats" (dependencies, mcv) ON "make", lower("model") FROM "listings";
