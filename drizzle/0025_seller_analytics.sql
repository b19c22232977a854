CREATE TABLE "listing_daily_stats" (
	"listing_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"favourites" integer DEFAULT 0 NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_daily_stats_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_daily_stats" ADD CONSTRAINT "listing_daily_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_daily_stats_user_day_idx" ON "listing_daily_stats" USING btree ("user_id","day");--> statement-breakpoint
-- Adds to a listing's day (its seller taken from the listing; nothing when the listing is gone).
CREATE FUNCTION "listing_stats_add"(stat_listing uuid, stat_day date, add_views int, add_favourites int, add_conversations int) RETURNS void
  LANGUAGE sql AS $$
    insert into listing_daily_stats (listing_id, user_id, day, views, favourites, conversations)
    select l.id, l.user_id, stat_day, add_views, add_favourites, add_conversations from listings l where l.id = stat_listing
    on conflict (listing_id, day) do update set
      views = listing_daily_stats.views + excluded.views,
      favourites = listing_daily_stats.favourites + excluded.favourites,
      conversations = listing_daily_stats.conversations + excluded.conversations
  $$;--> statement-breakpoint
CREATE FUNCTION "listing_views_count_stats"() RETURNS trigger
  LANGUAGE plpgsql AS $$
  begin
    perform listing_stats_add(new.listing_id, new.day, 1, 0, 0);
    return null;
  end
  $$;--> statement-breakpoint
CREATE TRIGGER "listing_views_stats" AFTER INSERT ON "listing_views"
  FOR EACH ROW EXECUTE FUNCTION listing_views_count_stats();--> statement-breakpoint
-- A new favourite or conversation of a listing counts on its day (the trigger's argument says which).
CREATE FUNCTION "listing_stats_event"() RETURNS trigger
  LANGUAGE plpgsql AS $$
  begin
    if new.listing_id is not null then
      perform listing_stats_add(new.listing_id, current_date, 0,
        (tg_argv[0] = 'favourites')::int, (tg_argv[0] = 'conversations')::int);
    end if;
    return null;
  end
  $$;--> statement-breakpoint
CREATE TRIGGER "favourites_stats" AFTER INSERT ON "favourites"
  FOR EACH ROW EXECUTE FUNCTION listing_stats_event('favourites');--> statement-breakpoint
CREATE TRIGGER "conversations_stats" AFTER INSERT ON "conversations"
  FOR EACH ROW EXECUTE FUNCTION listing_stats_event('conversations');--> statement-breakpoint
-- Market insights count the saved searches that watch a make.
CREATE INDEX "saved_searches_make_idx" ON "saved_searches" ((query->>'make'));
