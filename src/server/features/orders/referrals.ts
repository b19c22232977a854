import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import {
  REFERRAL_DAYS,
  maxReferralCents,
  type ReferralEarnings,
  type ReferralLink,
} from '@common/schemas/referrals';
import type { SessionUser } from '@common/schemas/auth';
import type { Db, Executor } from '../../db/client';
import { listings, orders, referralLinks } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { readCookie, writeCookie, type CookieSettings } from '../../http/cookies';
import { enqueueJob } from '../../jobs/queue';
import { systemClock, type Clock } from '../../clock';
import { ORDER_JOBS } from './orders.service';

/** The browser cookie that remembers the referral link a visitor followed (signed, 30 days). */
const COOKIE = 'mm_ref';
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const CODE_LENGTH = 10;

/** The link a buyer followed, and when: what a checkout reads to credit its referrer. */
export interface ReferralVisit {
  code: string;
  at: Date;
}

const randomCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * The referrer an order placed now credits, and what they earn: only through a link to this very
 * listing followed within 30 days, never the buyer's own link or the seller's, and at most 10% of what
 * the buyer pays for the item (an accepted offer may be below the price the amount was set on).
 */
export async function referralFor(
  executor: Executor,
  visit: ReferralVisit | null,
  listing: { id: string; userId: string; referralAmountCents: number | null },
  buyerId: string,
  itemCents: number,
  now: Date,
): Promise<{ referrerId: string; cents: number } | null> {
  if (!visit || !listing.referralAmountCents) return null;
  if (now.getTime() - visit.at.getTime() > REFERRAL_DAYS * 86_400_000) return null;
  const [link] = await executor.select().from(referralLinks).where(eq(referralLinks.code, visit.code));
  if (!link || link.listingId !== listing.id) return null;
  if (link.referrerId === buyerId || link.referrerId === listing.userId) return null;
  const cents = Math.min(listing.referralAmountCents, maxReferralCents(itemCents));
  return cents > 0 ? { referrerId: link.referrerId, cents } : null;
}

/** The member's payouts just became ready: what their links earned meanwhile is sent now. */
export async function sendOwedReferrals(executor: Executor, userId: string): Promise<void> {
  const owed = await executor
    .update(orders)
    .set({ referral: 'due' })
    .where(and(eq(orders.referrerId, userId), eq(orders.referral, 'owed')))
    .returning({ id: orders.id });
  for (const { id } of owed) await enqueueJob(executor, ORDER_JOBS.referral, { orderId: id });
}

/**
 * Referral links and what they earn (docs/payments.md, "Referrals"): a member's link to a listing, the
 * visit a browser remembers in a signed cookie, and the member's earnings.
 */
export function referrals(deps: {
  db: Db;
  publicUrl: string;
  cookies: CookieSettings;
  secretsKey: Buffer;
  clock?: Clock;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  const key = createHmac('sha256', deps.secretsKey).update('referral-cookie').digest();
  const mac = (value: string) => createHmac('sha256', key).update(value).digest('base64url').slice(0, 22);

  return {
    /** The member's link to a listing with a referral amount (made once, then the same). */
    async link(user: SessionUser, listingId: string): Promise<ReferralLink> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const [listing] = await db
        .select({
          userId: listings.userId,
          amount: listings.referralAmountCents,
          hidden: listings.hiddenAt,
          sold: listings.isSold,
        })
        .from(listings)
        .where(eq(listings.id, listingId));
      if (!listing || listing.hidden) throw new ApiError(404, 'NOT_FOUND');
      if (listing.userId === user.id) throw new ApiError(400, 'REFERRAL_OWN_LISTING');
      if (!listing.amount || listing.sold) throw new ApiError(409, 'REFERRAL_NOT_OFFERED');
      const [made] = await db
        .insert(referralLinks)
        .values({ code: randomCode(), listingId, referrerId: user.id })
        .onConflictDoNothing()
        .returning({ code: referralLinks.code });
      const code =
        made?.code ??
        (
          await db
            .select({ code: referralLinks.code })
            .from(referralLinks)
            .where(and(eq(referralLinks.listingId, listingId), eq(referralLinks.referrerId, user.id)))
        )[0]!.code;
      return { code, url: `${deps.publicUrl}/r/${code}`, amountCents: listing.amount };
    },

    /** A browser followed a link: it remembers the code for 30 days; the listing it leads to. */
    async visit(c: Context, code: string): Promise<{ listingId: string }> {
      const [link] = await db
        .select({ listingId: referralLinks.listingId })
        .from(referralLinks)
        .where(eq(referralLinks.code, code));
      if (!link) throw new ApiError(404, 'NOT_FOUND');
      const value = `${code}.${Math.floor(clock().getTime() / 1000)}`;
      writeCookie(c, deps.cookies, COOKIE, `${value}.${mac(value)}`, { maxAge: REFERRAL_DAYS * 86_400 });
      return link;
    },

    /** The link this browser followed, when its cookie is ours and untouched. */
    visitOf(c: Context): ReferralVisit | null {
      const raw = readCookie(c, deps.cookies, COOKIE);
      if (!raw || raw.length > 80) return null;
      const [code, seconds, signature] = raw.split('.');
      if (!code || !seconds || !signature) return null;
      const expected = Buffer.from(mac(`${code}.${seconds}`));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { code, at: new Date(Number(seconds) * 1000) };
    },

    /** What the member's links earned: totals by state and the latest orders (an index walk). */
    async earnings(user: SessionUser): Promise<ReferralEarnings> {
      const rows = await db
        .select({
          orderId: orders.id,
          listingId: orders.listingId,
          listingTitle: orders.listingTitle,
          amountCents: orders.referralCents,
          state: orders.referral,
          updatedAt: orders.updatedAt,
        })
        .from(orders)
        .where(and(eq(orders.referrerId, user.id), isNotNull(orders.referrerId)))
        .orderBy(desc(orders.updatedAt))
        .limit(50);
      const [totals] = await db
        .select({
          paid: sql<number>`coalesce(sum(${orders.referralCents}) filter (where ${orders.referral} = 'paid'), 0)::int`,
          owed: sql<number>`coalesce(sum(${orders.referralCents}) filter (where ${orders.referral} in ('owed', 'due')), 0)::int`,
          pending: sql<number>`coalesce(sum(${orders.referralCents}) filter (where ${orders.referral} = 'pending'), 0)::int`,
        })
        .from(orders)
        .where(and(eq(orders.referrerId, user.id), isNotNull(orders.referrerId)));
      return {
        paidCents: totals?.paid ?? 0,
        owedCents: totals?.owed ?? 0,
        pendingCents: totals?.pending ?? 0,
        items: rows
          .filter((row) => row.state !== 'none')
          .map((row) => ({
            ...row,
            state: row.state as Exclude<typeof row.state, 'none'>,
            updatedAt: row.updatedAt.toISOString(),
          })),
      };
    },
  };
}

export type Referrals = ReturnType<typeof referrals>;
