DROP INDEX "listings_unsold_make_model_idx";--> statement-breakpoint
DROP INDEX "conversations_buyer_idx";--> statement-breakpoint
DROP INDEX "conversations_seller_idx";--> statement-breakpoint
DROP INDEX "listings_unsold_newest_idx";--> statement-breakpoint
DROP INDEX "listings_user_newest_idx";--> statement-breakpoint
DROP INDEX "messages_receiver_idx";--> statement-breakpoint
CREATE INDEX "listings_unsold_make_idx" ON "listings" USING btree ("make","created_at" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_unsold_category_idx" ON "listings" USING btree ("category","created_at" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "conversations_buyer_idx" ON "conversations" USING btree ("buyer_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_seller_idx" ON "conversations" USING btree ("seller_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_unsold_newest_idx" ON "listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."is_sold" = false;--> statement-breakpoint
CREATE INDEX "listings_user_newest_idx" ON "listings" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_receiver_idx" ON "messages" USING btree ("receiver_id","created_at" DESC NULLS FIRST);