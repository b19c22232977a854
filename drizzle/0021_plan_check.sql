-- A member's plan is one of the catalogue's three (src/common/catalog.ts PLANS); the code reads it as
-- that type without a fallback, so the database refuses anything else.
ALTER TABLE "user" ADD CONSTRAINT "user_plan_check" CHECK ("plan" IN ('bronze', 'gold', 'platinum'));
