-- The hourly reconciliation of orders with Stripe (docs/payments.md): the differences it finds, kept for
-- the moderation desk until resolved, and an index on the orders whose money moved recently. Open
-- orders get partial indexes of their own (pending sales never walk a long history), and a
-- conversation's orders an index (its thread links the newest).
CREATE TABLE "payment_differences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"stripe_id" text,
	"expected_cents" integer,
	"stripe_cents" integer,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "payment_differences_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "payment_differences" ADD CONSTRAINT "payment_differences_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_differences" ADD CONSTRAINT "payment_differences_resolved_by_user_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_differences_open_idx" ON "payment_differences" USING btree ("found_at","id") WHERE "payment_differences"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "orders_buyer_open_idx" ON "orders" USING btree ("buyer_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_seller_open_idx" ON "orders" USING btree ("seller_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "orders"."status" not in ('completed', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_conversation_idx" ON "orders" USING btree ("conversation_id") WHERE "orders"."conversation_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_money_updated_idx" ON "orders" USING btree ("updated_at") WHERE not "orders"."demo" and ("orders"."transfer_id" is not null or "orders"."refund_id" is not null);