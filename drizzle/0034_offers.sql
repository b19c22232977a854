-- Offers (docs/trust.md, "Offers"): one negotiation per buyer and listing, its steps as messages with an
-- `offer` event, the seller's auto-decline floor and the buyer a listing is pending for.
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"buyer_id" text NOT NULL,
	"seller_id" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"by" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "offer_floor" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "pending_buyer_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "offer" jsonb;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_buyer_id_user_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_once_idx" ON "offers" USING btree ("listing_id","buyer_id") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" USING btree ("expires_at") WHERE "offers"."status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_conversation_idx" ON "offers" USING btree ("conversation_id","created_at");--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_pending_buyer_id_user_id_fk" FOREIGN KEY ("pending_buyer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;