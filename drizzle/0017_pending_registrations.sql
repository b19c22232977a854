CREATE TABLE "pending_registration" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"locale" text NOT NULL,
	"keep_signed_in" boolean DEFAULT false NOT NULL,
	"browser_token_hash" text NOT NULL,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"confirmed_user_id" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pending_registration_browser_token_hash_unique" UNIQUE("browser_token_hash"),
	CONSTRAINT "pending_registration_link_token_hash_unique" UNIQUE("link_token_hash")
);
--> statement-breakpoint
CREATE TABLE "social_link_request" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"account_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pending_registration" ADD CONSTRAINT "pending_registration_confirmed_user_id_user_id_fk" FOREIGN KEY ("confirmed_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_link_request" ADD CONSTRAINT "social_link_request_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pending_registration_email_idx" ON "pending_registration" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "pending_registration_expires_idx" ON "pending_registration" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_link_request_expires_idx" ON "social_link_request" USING btree ("expires_at");--> statement-breakpoint
-- Sign-ups are no longer accounts until confirmed: accounts never confirmed could not sign in and hold
-- nothing, so they go, with their links.
DELETE FROM "user" WHERE "email_verified" = false;--> statement-breakpoint
DELETE FROM "verification" WHERE "identifier" LIKE 'confirm-email:%' OR "identifier" LIKE 'signup-pending:%';
