-- When a deal goes wrong (docs/payments.md): returns within 7 days (one per order) and each listing's
-- return policy, disputes with what each side said, and referral links with what each order owes its
-- referrer. Orders record the fit the buyer bought on, whether they are frozen by an open dispute, and
-- the money a refund, a reversal or a referral moved. `refunded` is a closed status: the open orders'
-- partial indexes are made again with it.
CREATE TABLE "dispute_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"dispute_id" uuid NOT NULL,
	"author_id" text,
	"side" text NOT NULL,
	"body" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"opened_by" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"stripe_dispute_id" text,
	"card_reason" text,
	"answer_by" timestamp with time zone,
	"outcome" text,
	"refund_cents" integer,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_stripe_dispute_id_unique" UNIQUE("stripe_dispute_id")
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"details" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"guaranteed" boolean DEFAULT false NOT NULL,
	"answer_by" timestamp with time zone,
	"refusal" text,
	"carrier" text,
	"tracking_number" text,
	"tracking_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_links" (
	"code" text PRIMARY KEY NOT NULL,
	"listing_id" uuid NOT NULL,
	"referrer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_listing_open_idx";--> statement-breakpoint
DROP INDEX "orders_buyer_open_idx";--> statement-breakpoint
DROP INDEX "orders_seller_open_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "accepts_returns" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returns_accepted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fit_vehicle" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "release_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "frozen" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "transfer_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reversal_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reversal_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referral_transfer_id" text;--> statement-breakpoint
ALTER TABLE "dispute_entries" ADD CONSTRAINT "dispute_entries_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_entries" ADD CONSTRAINT "dispute_entries_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_links" ADD CONSTRAINT "referral_links_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dispute_entries_dispute_idx" ON "dispute_entries" USING btree ("dispute_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_member_order_idx" ON "disputes" USING btree ("order_id") WHERE "disputes"."opened_by" <> 'card';--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "disputes_open_idx" ON "disputes" USING btree ("created_at","id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_member_listing_idx" ON "referral_links" USING btree ("listing_id","referrer_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_referrer_id_user_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_referrer_idx" ON "orders" USING btree ("referrer_id","updated_at" DESC NULLS FIRST) WHERE "orders"."referrer_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_payment_intent_idx" ON "orders" USING btree ("payment_intent_id") WHERE "orders"."payment_intent_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_listing_open_idx" ON "orders" USING btree ("listing_id") WHERE "orders"."status" not in ('completed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE INDEX "orders_buyer_open_idx" ON "orders" USING btree ("buyer_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."status" not in ('completed', 'cancelled', 'refunded');--> statement-breakpoint
CREATE INDEX "orders_seller_open_idx" ON "orders" USING btree ("seller_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."status" not in ('completed', 'cancelled', 'refunded');