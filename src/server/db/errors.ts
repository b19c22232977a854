/** The errors in a chain (drizzle wraps the driver's error in `cause`), outermost first. */
export function* errorChain(error: unknown): Generator<Error & { code?: unknown }> {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) yield e;
}

/** A PostgreSQL unique constraint refused the write (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  for (const e of errorChain(error)) if (e.code === '23505') return true;
  return false;
}
