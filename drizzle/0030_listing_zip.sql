ALTER TABLE "listings" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "longitude" double precision;