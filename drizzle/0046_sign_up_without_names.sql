-- Sign-up asks for an address and a password only: names are asked when first needed. Sign-ups
-- made before this keep the names they gave, and the account gets them.
ALTER TABLE "pending_registration" ALTER COLUMN "first_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pending_registration" ALTER COLUMN "last_name" DROP NOT NULL;