ALTER TABLE "conversations" DROP CONSTRAINT "conversations_listing_id_listings_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_listing_id_listings_id_fk";
--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "listing_title" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "listing_price" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "listing_photo" jsonb;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_idempotency_idx" ON "notifications" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "messages" DROP COLUMN "listing_id";