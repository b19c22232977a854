-- Every amount of money becomes a whole number of US cents. The columns are renamed and their type
-- changed in place, each stored value converted exactly (dollars with two decimals times 100 is a whole
-- number; round() only drops the trailing ".00"). Changing a type in place rebuilds the indexes on the
-- column (listings_unsold_price_idx on price_cents, id) and fires no row trigger.
ALTER TABLE "listings" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "price_cents" SET DATA TYPE integer USING round("price_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "listings" RENAME COLUMN "offer_floor" TO "offer_floor_cents";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "offer_floor_cents" SET DATA TYPE integer USING round("offer_floor_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "listings" RENAME COLUMN "referral_amount" TO "referral_amount_cents";--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "referral_amount_cents" SET DATA TYPE integer USING round("referral_amount_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "listing_price_history" RENAME COLUMN "price" TO "price_cents";--> statement-breakpoint
ALTER TABLE "listing_price_history" ALTER COLUMN "price_cents" SET DATA TYPE integer USING round("price_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "conversations" RENAME COLUMN "listing_price" TO "listing_price_cents";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "listing_price_cents" SET DATA TYPE integer USING round("listing_price_cents" * 100)::integer;--> statement-breakpoint
ALTER TABLE "offers" RENAME COLUMN "amount" TO "amount_cents";--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "amount_cents" SET DATA TYPE integer USING round("amount_cents" * 100)::integer;--> statement-breakpoint
-- Saved searches keep their price filters in cents too: "minPrice": "500" (dollars, as typed) becomes
-- "minPriceCents": 50000. A value that is not a number of dollars is dropped, as the search would.
UPDATE "saved_searches" SET "query" = ("query" - 'minPrice' - 'maxPrice')
  || CASE WHEN "query"->>'minPrice' ~ '^\s*\d+(\.\d{1,2})?\s*$'
       THEN jsonb_build_object('minPriceCents', round(("query"->>'minPrice')::numeric * 100)::integer)
       ELSE '{}'::jsonb END
  || CASE WHEN "query"->>'maxPrice' ~ '^\s*\d+(\.\d{1,2})?\s*$'
       THEN jsonb_build_object('maxPriceCents', round(("query"->>'maxPrice')::numeric * 100)::integer)
       ELSE '{}'::jsonb END
  WHERE "query" ? 'minPrice' OR "query" ? 'maxPrice';--> statement-breakpoint
-- Amounts kept inside JSON documents follow: an offer step of a message ("amount": "48.50" becomes
-- "amountCents": 4850), the prices a notification words ("price", "oldPrice"), and a price drop's job
-- still waiting in the queue.
UPDATE "messages" SET "offer" = ("offer" - 'amount')
  || jsonb_build_object('amountCents', round(("offer"->>'amount')::numeric * 100)::integer)
  WHERE "offer" ? 'amount';--> statement-breakpoint
UPDATE "notifications" SET "data" = ("data" - 'price' - 'oldPrice')
  || CASE WHEN "data" ? 'price'
       THEN jsonb_build_object('priceCents', round(("data"->>'price')::numeric * 100)::integer)
       ELSE '{}'::jsonb END
  || CASE WHEN "data" ? 'oldPrice'
       THEN jsonb_build_object('oldPriceCents', round(("data"->>'oldPrice')::numeric * 100)::integer)
       ELSE '{}'::jsonb END
  WHERE "data" ? 'price' OR "data" ? 'oldPrice';--> statement-breakpoint
UPDATE "jobs" SET "payload" = jsonb_build_object(
    'listingId', "payload"->'listingId',
    'oldPriceCents', round(("payload"->>'oldPrice')::numeric * 100)::integer,
    'priceCents', round(("payload"->>'price')::numeric * 100)::integer)
  WHERE "kind" = 'favourites.price-drop' AND "payload" ? 'price';
