-- Part numbers compared as one whatever their spaces, dashes, dots or case: a key beside each listing's
-- number, and the index a search that is exactly a part number reads. Adding a stored column rewrites
-- the table once (docs/operations.md, "Migrations").
ALTER TABLE "listings" ADD COLUMN "part_number_key" text GENERATED ALWAYS AS (nullif(upper(regexp_replace(part_id, '[[:space:].-]', '', 'g')), '')) STORED;--> statement-breakpoint
CREATE INDEX "listings_unsold_part_number_idx" ON "listings" USING btree ("part_number_key") WHERE "listings"."is_sold" = false and "listings"."part_number_key" is not null;