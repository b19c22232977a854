-- Listing boosts and the "Best match" order (docs/decisions.md, "Boosts and Best match").
CREATE TABLE "listing_boosts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_boosts" ADD CONSTRAINT "listing_boosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_boosts_user_idx" ON "listing_boosts" USING btree ("user_id","created_at");--> statement-breakpoint
DROP INDEX "listings_unsold_make_idx";--> statement-breakpoint
DROP INDEX "listings_unsold_make_model_idx";--> statement-breakpoint
DROP INDEX "listings_unsold_category_make_idx";--> statement-breakpoint
DROP INDEX "listings_unsold_category_idx";--> statement-breakpoint
DROP INDEX "listings_unsold_newest_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "boosted_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "rank" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A listing's place in Best match: 2 while boosted, 1 for a Gold or Platinum seller's listing with more
-- than 5 photos, 0 otherwise; times 2^42 (above any time in milliseconds until the year 2109), plus
-- when it was listed or last boosted. The plans are PLAN_DETAILS' priorityPlacement ones (a unit test
-- holds the two together).
CREATE FUNCTION "listing_rank"(listed_at timestamptz, boosted_until timestamptz, photos int, plan text) RETURNS bigint
  LANGUAGE sql STABLE AS $$
    select (case
        when boosted_until > now() then 2
        when plan in ('gold', 'platinum') and photos > 5 then 1
        else 0
      end)::bigint * 4398046511104 + floor(extract(epoch from listed_at) * 1000)::bigint
  $$;--> statement-breakpoint
-- A new listing is listed when it is created (a boost moves listed_at later); the rank follows every
-- change of its inputs.
CREATE FUNCTION "listings_keep_rank"() RETURNS trigger
  LANGUAGE plpgsql AS $$
  begin
    if tg_op = 'INSERT' then
      new.listed_at := new.created_at;
    end if;
    new.rank := listing_rank(new.listed_at, new.boosted_until, jsonb_array_length(new.photos),
      (select plan from "user" where id = new.user_id));
    return new;
  end
  $$;--> statement-breakpoint
CREATE TRIGGER "listings_rank" BEFORE INSERT OR UPDATE OF listed_at, boosted_until, photos, user_id ON "listings"
  FOR EACH ROW EXECUTE FUNCTION listings_keep_rank();--> statement-breakpoint
-- A new plan moves the seller's unsold listings in or out of priority placement.
CREATE FUNCTION "user_plan_reranks_listings"() RETURNS trigger
  LANGUAGE plpgsql AS $$
  begin
    update listings set rank = listing_rank(listed_at, boosted_until, jsonb_array_length(photos), new.plan)
      where user_id = new.id and is_sold = false;
    return null;
  end
  $$;--> statement-breakpoint
CREATE TRIGGER "user_plan_rerank" AFTER UPDATE OF plan ON "user"
  FOR EACH ROW WHEN (old.plan IS DISTINCT FROM new.plan) EXECUTE FUNCTION user_plan_reranks_listings();--> statement-breakpoint
UPDATE "listings" SET "listed_at" = "created_at";--> statement-breakpoint
CREATE INDEX "listings_unsold_best_idx" ON "listings" USING btree ("rank" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_make_idx" ON "listings" USING btree ("make","rank" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
-- As in 0020: the id, model and years ride along for index-only walks of a vehicle's listings.
CREATE INDEX "listings_unsold_make_model_idx" ON "listings" USING btree ("make",lower("model"),"rank" DESC NULLS FIRST) INCLUDE ("id","model","year_start","year_end") WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_category_make_idx" ON "listings" USING btree ("category","make","rank" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_category_idx" ON "listings" USING btree ("category","rank" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_newest_idx" ON "listings" USING btree ("listed_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;
--> statement-breakpoint
CREATE INDEX "listings_unsold_make_model_newest_idx" ON "listings" USING btree ("make",lower("model"),"listed_at" DESC NULLS FIRST) INCLUDE ("id","model","year_start","year_end") WHERE "listings"."is_sold" = false;
