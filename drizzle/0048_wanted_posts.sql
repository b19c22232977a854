-- Parts wanted (docs/wanted.md): members' wanted posts, the listings that matched them (each told once),
-- and sellers' "I have this" answers, counted per month by plan. New tables: no existing row is rewritten.
CREATE TABLE "wanted_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wanted_id" uuid,
	"seller_id" text NOT NULL,
	"listing_id" uuid,
	"conversation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wanted_matches" (
	"wanted_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_matches_wanted_id_listing_id_pk" PRIMARY KEY("wanted_id","listing_id")
);
--> statement-breakpoint
CREATE TABLE "wanted_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"year_start" integer,
	"year_end" integer,
	"part_numbers" text[] DEFAULT '{}' NOT NULL,
	"part_number_keys" text[] DEFAULT '{}' NOT NULL,
	"conditions" text[] DEFAULT '{}' NOT NULL,
	"max_price_cents" integer,
	"zip" text,
	"location" text,
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer,
	"ships_to_me" boolean DEFAULT true NOT NULL,
	"photo" jsonb,
	"found_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_wanted_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_id") REFERENCES "public"."wanted_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_seller_id_user_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_answers" ADD CONSTRAINT "wanted_answers_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_matches" ADD CONSTRAINT "wanted_matches_wanted_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_id") REFERENCES "public"."wanted_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_matches" ADD CONSTRAINT "wanted_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD CONSTRAINT "wanted_posts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wanted_answers_post_seller_idx" ON "wanted_answers" USING btree ("wanted_id","seller_id");--> statement-breakpoint
CREATE INDEX "wanted_answers_seller_month_idx" ON "wanted_answers" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "wanted_matches_listing_idx" ON "wanted_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "wanted_posts_open_newest_idx" ON "wanted_posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE found_at is null and hidden_at is null;--> statement-breakpoint
CREATE INDEX "wanted_posts_open_part_numbers_idx" ON "wanted_posts" USING gin ("part_number_keys") WHERE found_at is null and hidden_at is null;--> statement-breakpoint
CREATE INDEX "wanted_posts_open_fitment_idx" ON "wanted_posts" USING btree ("category","make",lower("model")) WHERE found_at is null and hidden_at is null;--> statement-breakpoint
CREATE INDEX "wanted_posts_user_idx" ON "wanted_posts" USING btree ("user_id","created_at" DESC NULLS LAST);