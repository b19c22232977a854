import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard, ListingDetail } from '@common/schemas/listings';
import type { SaleReviewState, SellerProfile } from '@common/schemas/reviews';
import { blocks, notifications, reviews, sales } from '../../db/schema';
import { housekeeping } from '../../jobs/housekeeping';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { testClock } from '../../../test/clock';

let t: TestApp;
const clock = testClock();
afterEach(() => clock.reset());
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };
type Member = Awaited<ReturnType<typeof signedInMember>>;

const markSold = (seller: Member, listingId: string, buyerId?: string) =>
  seller.browser.request<Failure>('PATCH', `/api/listings/${listingId}/status`, {
    isSold: true,
    ...(buyerId ? { buyerId } : {}),
  });
const relist = (seller: Member, listingId: string) =>
  seller.browser.request<Failure>('PATCH', `/api/listings/${listingId}/status`, { isSold: false });
const answer = (buyer: Member, listingId: string, bought: boolean) =>
  buyer.browser.post<Failure>(`/api/listings/${listingId}/purchase`, { bought });

/** A listing of the seller's that the buyer asked about, marked sold to that buyer, who confirms. */
async function sale(seller: Member, buyer: Member, title = 'Recaro seat') {
  const listing = (await seller.browser.post<ListingDetail>('/api/listings', partInput(title))).body;
  await buyer.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Still there?' });
  expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
  expect((await answer(buyer, listing.id, true)).status).toBe(200);
  return listing;
}

const review = (member: Member, listingId: string, rating: unknown, text = 'Smooth deal, as described.') =>
  member.browser.post<Failure>(`/api/listings/${listingId}/review`, { rating, text });
const profile = async (id: string) =>
  (await new TestBrowser(t).get<SellerProfile>(`/api/sellers/${id}`)).body;

describe('reviews', () => {
  it('a listing is sold only to a member who messaged about it; the buyers are its seller’s to see', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Reyes' });
    const stranger = await signedInMember(t);
    const listing = (await seller.browser.post<ListingDetail>('/api/listings', partInput('Strut bar'))).body;
    await buyer.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Hi' });
    const buyers = await seller.browser.get<{ buyers: { id: string; name: string }[] }>(
      `/api/listings/${listing.id}/buyers`,
    );
    expect(buyers.body.buyers).toEqual([{ id: buyer.id, name: 'Omar R.' }]);
    expect((await stranger.browser.get(`/api/listings/${listing.id}/buyers`)).status).toBe(404);
    const wrong = await seller.browser.request<Failure>('PATCH', `/api/listings/${listing.id}/status`, {
      isSold: true,
      buyerId: stranger.id,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields?.buyerId).toBe(
      'Choose one of the members who messaged you about this listing.',
    );
    // Sold without a buyer (someone off ModMarket): nobody reviews.
    await seller.browser.request('PATCH', `/api/listings/${listing.id}/status`, { isSold: true });
    expect((await seller.browser.get(`/api/listings/${listing.id}/review`)).status).toBe(404);
  });

  it('each side writes once; hidden until both have written, then both published with the stars', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Reyes' });
    const stranger = await signedInMember(t);
    const listing = await sale(seller, buyer);

    const state = await buyer.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`);
    expect(state.body).toMatchObject({
      role: 'buyer',
      other: 'Rita M.',
      status: 'confirmed',
      open: true,
      mine: null,
    });
    expect((await stranger.browser.get(`/api/listings/${listing.id}/review`)).status).toBe(404);
    expect((await review(stranger, listing.id, 1)).status).toBe(404);

    const noStars = await buyer.browser.request<Failure>(
      'POST',
      `/api/listings/${listing.id}/review`,
      { rating: 0, text: '' },
      { 'Accept-Language': 'es' },
    );
    expect(noStars.status).toBe(400);
    expect(noStars.body.error.fields).toEqual({
      rating: 'Elige de 1 a 5 estrellas.',
      text: 'Escribe unas palabras sobre cómo fue.',
    });
    expect((await review(buyer, listing.id, 5, 'Fast and friendly.')).status).toBe(201);
    const twice = await review(buyer, listing.id, 1);
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('REVIEW_EXISTS');

    // One side only: nothing shows yet, and the seller has no stars.
    expect((await profile(seller.id)).reviews).toEqual([]);
    expect((await profile(seller.id)).rating).toEqual({ average: null, count: 0 });
    const mine = await buyer.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`);
    expect(mine.body.mine).toEqual({ rating: 5, text: 'Fast and friendly.', published: false });

    expect((await review(seller, listing.id, 4, 'Paid on time.')).status).toBe(201);
    const page = await profile(seller.id);
    expect(page).toMatchObject({ name: 'Rita M.', rating: { average: 5, count: 1 } });
    expect(page.reviews).toMatchObject([
      {
        rating: 5,
        text: 'Fast and friendly.',
        reviewer: 'Omar R.',
        role: 'buyer',
        listingTitle: 'Recaro seat',
      },
    ]);
    expect((await profile(buyer.id)).rating).toEqual({ average: 4, count: 1 });

    // The rating is on the seller's listing pages and cards.
    const other = (await seller.browser.post<ListingDetail>('/api/listings', partInput('Recaro rails'))).body;
    const detail = await new TestBrowser(t).get<ListingDetail>(`/api/listings/${other.id}`);
    expect(detail.body.seller.rating).toEqual({ average: 5, count: 1 });
    const cards = await new TestBrowser(t).get<{ items: ListingCard[] }>('/api/listings?search=recaro');
    expect(cards.body.items.find((card) => card.id === other.id)?.sellerRating).toEqual({
      average: 5,
      count: 1,
    });
    expect(page.activeListings.map((card) => card.id)).not.toContain(listing.id);
    expect((await profile(seller.id)).activeListings.map((card) => card.id)).toContain(other.id);
  });

  it('the member reviewed replies once; the window closes after 30 days and publishes what was written', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = await sale(seller, buyer, 'Bucket seat');
    await review(buyer, listing.id, 2, 'Arrived late.');
    // 30 days pass: the seller can no longer write, and the buyer's review is published (by
    // housekeeping, which runs on the database's time).
    clock.advance(31 * 86_400_000);
    await t.database.db
      .update(reviews)
      .set({ windowEndsAt: sql`now() - interval '1 day'` })
      .where(eq(reviews.listingId, listing.id));
    const late = await review(seller, listing.id, 5);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('REVIEW_WINDOW_CLOSED');
    expect((await profile(seller.id)).reviews).toEqual([]);
    await housekeeping(t.database.db, t.storage);
    await housekeeping(t.database.db, t.storage);
    const page = await profile(seller.id);
    expect(page.rating).toEqual({ average: 2, count: 1 });
    const [published] = page.reviews;

    expect((await buyer.browser.post(`/api/reviews/${published!.id}/reply`, { text: 'Mine!' })).status).toBe(
      404,
    );
    expect(
      (
        await seller.browser.post(`/api/reviews/${published!.id}/reply`, {
          text: 'The carrier lost it a day.',
        })
      ).status,
    ).toBe(200);
    const again = await seller.browser.post<Failure>(`/api/reviews/${published!.id}/reply`, {
      text: 'Again',
    });
    expect(again.body.error.code).toBe('REVIEW_REPLIED');
    expect((await profile(seller.id)).reviews[0]?.reply?.text).toBe('The carrier lost it a day.');
  });
  it('only a purchase its buyer confirmed can be reviewed: the buyer is asked, once; no means no reviews', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t);
    const stranger = await signedInMember(t);
    const listing = (await seller.browser.post<ListingDetail>('/api/listings', partInput('Turbo manifold')))
      .body;
    await buyer.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Mine?' });
    expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);

    // The buyer is asked, by a notification and on the listing's page; nobody reviews yet.
    const [asked] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, buyer.id));
    expect(asked).toMatchObject({
      type: 'sale_update',
      data: { action: 'confirm', listingTitle: 'Turbo manifold', name: 'Rita M.' },
      link: `/listing/${listing.id}`,
    });
    const waiting = await buyer.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`);
    expect(waiting.body).toMatchObject({ role: 'buyer', status: 'awaiting', open: true, windowEndsAt: null });
    expect(
      (await seller.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`)).body.status,
    ).toBe('awaiting');
    for (const member of [seller, buyer]) {
      const early = await review(member, listing.id, 5);
      expect(early.status).toBe(409);
      expect(early.body.error.code).toBe('SALE_NOT_CONFIRMED');
    }
    // Only the buyer answers.
    expect((await answer(seller, listing.id, true)).status).toBe(404);
    expect((await answer(stranger, listing.id, true)).status).toBe(404);

    expect((await answer(buyer, listing.id, false)).status).toBe(200);
    const again = await answer(buyer, listing.id, true);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('SALE_ANSWERED');
    expect(
      (await seller.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`)).body,
    ).toMatchObject({
      status: 'declined',
      open: false,
    });
    expect((await review(seller, listing.id, 1)).body.error.code).toBe('SALE_NOT_CONFIRMED');
    expect((await review(buyer, listing.id, 5)).body.error.code).toBe('SALE_NOT_CONFIRMED');
    expect((await profile(seller.id)).rating.count).toBe(0);
  });

  it('re-listing never reopens a sale: another sale is reviewed on its own, the same buyer only once', async () => {
    const seller = await signedInMember(t);
    const first = await signedInMember(t);
    const second = await signedInMember(t);
    const listing = await sale(seller, first, 'Coilovers');
    // The first buyer writes; their review waits for the seller's.
    expect((await review(first, listing.id, 1, 'Never again.')).status).toBe(201);

    // Back on the market, sold to a second buyer who confirms; both of that sale write.
    expect((await relist(seller, listing.id)).status).toBe(200);
    await second.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Still for sale?' });
    expect((await markSold(seller, listing.id, second.id)).status).toBe(200);
    expect((await answer(second, listing.id, true)).status).toBe(200);
    expect((await review(second, listing.id, 5, 'Great.')).status).toBe(201);
    expect((await review(seller, listing.id, 5, 'Great buyer.')).status).toBe(201);

    // The second sale is published; the first buyer's review still waits for its own sale's other side.
    const page = await profile(seller.id);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    expect(page.reviews.map((r) => r.text)).toEqual(['Great.']);
    const firstState = await first.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`);
    expect(firstState.body.mine).toMatchObject({ rating: 1, published: false });

    // Re-listed and sold to the first buyer again: the same sale, not a new one to confirm or review.
    expect((await relist(seller, listing.id)).status).toBe(200);
    expect((await markSold(seller, listing.id, first.id)).status).toBe(200);
    const resold = await first.browser.get<SaleReviewState>(`/api/listings/${listing.id}/review`);
    expect(resold.body).toMatchObject({ status: 'confirmed', mine: { rating: 1, published: false } });
    expect((await answer(first, listing.id, true)).status).toBe(409);
    expect((await review(first, listing.id, 5)).body.error.code).toBe('REVIEW_EXISTS');
    const pairs = await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id));
    expect(pairs.filter((row) => row.buyerId === first.id)).toHaveLength(1);
    expect((await profile(seller.id)).rating).toEqual({ average: 5, count: 1 });
  });

  it('a sale not yet confirmed is withdrawn when the listing is back on the market', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = (await seller.browser.post<ListingDetail>('/api/listings', partInput('Intake'))).body;
    await buyer.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Hi' });
    expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
    expect((await relist(seller, listing.id)).status).toBe(200);
    expect((await answer(buyer, listing.id, true)).status).toBe(404);
    expect((await buyer.browser.get(`/api/listings/${listing.id}/review`)).status).toBe(404);
  });

  it('blocking either way: no marking sold to them, no confirming, no reviewing', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = (await seller.browser.post<ListingDetail>('/api/listings', partInput('Blow-off valve')))
      .body;
    await buyer.browser.post(`/api/listings/${listing.id}/messages`, { content: 'Hi' });
    const block = (by: Member, other: Member) =>
      by.browser.request('PUT', '/api/blocks', { memberId: other.id, hideListings: false });
    const unblock = (by: Member, other: Member) => by.browser.request('DELETE', `/api/blocks/${other.id}`);

    // The buyer blocked the seller: not offered as a buyer, and not asked to confirm.
    expect((await block(buyer, seller)).status).toBe(200);
    const buyers = await seller.browser.get<{ buyers: { id: string }[] }>(
      `/api/listings/${listing.id}/buyers`,
    );
    expect(buyers.body.buyers).toEqual([]);
    const refused = await markSold(seller, listing.id, buyer.id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('SALE_BLOCKED');
    expect(await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id))).toEqual([]);
    const asked = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(asked).toEqual([]);
    expect((await unblock(buyer, seller)).status).toBe(200);

    // Blocked after the marking: the buyer cannot confirm.
    expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
    expect((await block(seller, buyer)).status).toBe(200);
    expect((await answer(buyer, listing.id, true)).body.error.code).toBe('SALE_BLOCKED');
    expect((await unblock(seller, buyer)).status).toBe(200);

    // Blocked after confirming: neither reviews.
    expect((await answer(buyer, listing.id, true)).status).toBe(200);
    expect((await block(buyer, seller)).status).toBe(200);
    for (const member of [seller, buyer]) {
      const written = await review(member, listing.id, 3);
      expect(written.status).toBe(403);
      expect(written.body.error.code).toBe('SALE_BLOCKED');
    }
    expect(await t.database.db.select().from(reviews).where(eq(reviews.listingId, listing.id))).toEqual([]);
    expect(await t.database.db.select().from(blocks).where(eq(blocks.blockerId, buyer.id))).toHaveLength(1);
  });
});
