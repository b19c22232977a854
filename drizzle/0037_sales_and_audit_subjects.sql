CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"seller_id" text NOT NULL,
	"buyer_id" text NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"window_ends_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "reviews_listing_reviewer_idx";--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "subject" jsonb;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_listing_idx" ON "sales" USING btree ("listing_id","marked_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sales_buyer_idx" ON "sales" USING btree ("buyer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_confirmed_once_idx" ON "sales" USING btree ("listing_id","buyer_id") WHERE "sales"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_sale_reviewer_idx" ON "reviews" USING btree ("sale_id","reviewer_id");--> statement-breakpoint
-- Listings sold to a member before sales were recorded: a reviewed one counts as a confirmed sale (its
-- reviews were written under the earlier rules and stay); any other waits for its buyer to confirm.
INSERT INTO "sales" ("listing_id", "listing_title", "seller_id", "buyer_id", "status", "marked_at", "answered_at", "window_ends_at")
SELECT l."id", l."title", l."user_id", l."sold_to_id",
  CASE WHEN r.reviewed THEN 'confirmed' ELSE 'awaiting' END,
  coalesce(l."sold_at", now()),
  CASE WHEN r.reviewed THEN coalesce(l."sold_at", now()) END,
  CASE WHEN r.reviewed THEN coalesce(l."sold_at", now()) + interval '30 days' END
FROM "listings" l
CROSS JOIN LATERAL (SELECT exists (SELECT 1 FROM "reviews" v WHERE v."listing_id" = l."id") AS reviewed) r
WHERE l."sold_to_id" IS NOT NULL AND l."is_sold" = true;--> statement-breakpoint
UPDATE "reviews" v SET "sale_id" = s."id"
FROM "sales" s
WHERE s."listing_id" = v."listing_id" AND s."status" = 'confirmed'
  AND (v."reviewer_id" = s."seller_id" OR v."reviewer_id" = s."buyer_id");
