import { secondsAfter } from '../../clock';
import { and, eq, like } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';
import { hashToken, randomToken } from '../../security/secrets';

export type LinkPurpose = 'reset-password';

export const LINK_LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'reset-password': 3600,
};

/**
 * A new one-time secret for `purpose` and a user, issued at `now`. Every earlier one of the same
 * purpose for that user is deleted in the same transaction, so only the newest link works.
 */
export async function issueLink(
  db: Db,
  purpose: LinkPurpose,
  userId: string,
  now: Date,
  token = randomToken(),
): Promise<string> {
  const identifier = `${purpose}:${userId}`;
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: hashToken(token),
      expiresAt: secondsAfter(now, LINK_LIFETIME_SECONDS[purpose]),
    });
  });
  return token;
}

export type LinkCheck = { status: 'valid'; userId: string } | { status: 'invalid' } | { status: 'expired' };

function toCheck(
  row: { identifier: string; expiresAt: Date } | undefined,
  purpose: LinkPurpose,
  now: Date,
): LinkCheck {
  if (!row) return { status: 'invalid' };
  if (row.expiresAt <= now) return { status: 'expired' };
  return { status: 'valid', userId: row.identifier.slice(purpose.length + 1) };
}

/** Uses a link up: deletes it and says whether it was valid at `now`. Atomic, so it works at most once. */
export async function consumeLink(
  db: Db,
  purpose: LinkPurpose,
  token: string,
  now: Date,
): Promise<LinkCheck> {
  const rows = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, hashToken(token)),
        like(verifications.identifier, `${escapeLike(purpose)}:%`),
      ),
    )
    .returning({ identifier: verifications.identifier, expiresAt: verifications.expiresAt });
  return toCheck(rows[0], purpose, now);
}

/** Whether a link would work, without using it (the reset page checks before showing its form). */
export async function peekLink(db: Db, purpose: LinkPurpose, token: string, now: Date): Promise<LinkCheck> {
  const rows = await db
    .select({ identifier: verifications.identifier, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(
      and(
        eq(verifications.value, hashToken(token)),
        like(verifications.identifier, `${escapeLike(purpose)}:%`),
      ),
    )
    .limit(1);
  return toCheck(rows[0], purpose, now);
}

export async function deleteLinks(db: Db, purpose: LinkPurpose, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, `${purpose}:${userId}`));
}
