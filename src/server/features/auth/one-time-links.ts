import { and, eq, like, sql } from 'drizzle-orm';
import { escapeLike } from '../../db/like';
import type { Db } from '../../db/client';
import { verifications } from '../../db/schema';
import { hashToken, randomToken } from '../../security/secrets';

export type LinkPurpose = 'reset-password';

export const LINK_LIFETIME_SECONDS: Record<LinkPurpose, number> = {
  'reset-password': 3600,
};

/**
 * A new one-time secret for `purpose` and a user. Every earlier one of the same purpose for that user
 * is deleted in the same transaction, so only the newest link works.
 */
export async function issueLink(
  db: Db,
  purpose: LinkPurpose,
  userId: string,
  token = randomToken(),
): Promise<string> {
  const identifier = `${purpose}:${userId}`;
  await db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: hashToken(token),
      expiresAt: new Date(Date.now() + LINK_LIFETIME_SECONDS[purpose] * 1000),
    });
  });
  return token;
}

export type LinkCheck = { status: 'valid'; userId: string } | { status: 'invalid' } | { status: 'expired' };

function toCheck(row: { identifier: string; expired: boolean } | undefined, purpose: LinkPurpose): LinkCheck {
  if (!row) return { status: 'invalid' };
  if (row.expired) return { status: 'expired' };
  return { status: 'valid', userId: row.identifier.slice(purpose.length + 1) };
}

/** Uses a link up: deletes it and says whether it was valid. Atomic, so it works at most once. */
export async function consumeLink(db: Db, purpose: LinkPurpose, token: string): Promise<LinkCheck> {
  const rows = await db
    .delete(verifications)
    .where(
      and(
        eq(verifications.value, hashToken(token)),
        like(verifications.identifier, `${escapeLike(purpose)}:%`),
      ),
    )
    .returning({
      identifier: verifications.identifier,
      expired: sql<boolean>`${verifications.expiresAt} <= now()`,
    });
  return toCheck(rows[0], purpose);
}

/** Whether a link would work, without using it (the reset page checks before showing its form). */
export async function peekLink(db: Db, purpose: LinkPurpose, token: string): Promise<LinkCheck> {
  const rows = await db
    .select({
      identifier: verifications.identifier,
      expired: sql<boolean>`${verifications.expiresAt} <= now()`,
    })
    .from(verifications)
    .where(
      and(
        eq(verifications.value, hashToken(token)),
        like(verifications.identifier, `${escapeLike(purpose)}:%`),
      ),
    )
    .limit(1);
  return toCheck(rows[0], purpose);
}

export async function deleteLinks(db: Db, purpose: LinkPurpose, userId: string): Promise<void> {
  await db.delete(verifications).where(eq(verifications.identifier, `${purpose}:${userId}`));
}
