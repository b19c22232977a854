-- Keyset pages for long histories: a member's inbox is read a page at a time from one index per side
-- (buyer, seller) in (last activity, id) order, and a thread's pages from (conversation, time, id).
DROP INDEX "conversations_buyer_idx";--> statement-breakpoint
DROP INDEX "conversations_seller_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_idx";--> statement-breakpoint
CREATE INDEX "conversations_buyer_recent_idx" ON "conversations" USING btree ("buyer_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_seller_recent_idx" ON "conversations" USING btree ("seller_id","last_message_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_time_idx" ON "messages" USING btree ("conversation_id","created_at","id");
