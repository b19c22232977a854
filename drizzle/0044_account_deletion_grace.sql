-- Deleting an account waits 30 days: signing in before then restores it; a job erases it after.
ALTER TABLE "user" ADD COLUMN "deletion_due_at" timestamp with time zone;