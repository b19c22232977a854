-- Trigram matching for typo-tolerant search. PGlite loads it from its contrib build.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
