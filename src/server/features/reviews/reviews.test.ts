import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@common/schemas/notifications';
import { blocks, notifications, reviews, sales, users } from '../../db/schema';
import { housekeeping } from '../../jobs/housekeeping';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, expectStatus, failureBody, okBody, readAnswer } from '../../../test/test-browser';
import { MEMBER_PASSWORD, signInAgain, signedInMember } from '../../../test/members';
import { REVIEW_ASK_JOB, askForReviews } from './review-asks';
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

type Member = Awaited<ReturnType<typeof signedInMember>>;

const markSold = (seller: Member, listingId: string, buyerId?: string) =>
  seller.browser.api.listings[':id'].status.$patch({
    param: { id: listingId },
    json: {
      isSold: true,
      ...(buyerId ? { buyerId } : {}),
    },
  });
const relist = (seller: Member, listingId: string) =>
  seller.browser.api.listings[':id'].status.$patch({ param: { id: listingId }, json: { isSold: false } });
const answer = (buyer: Member, listingId: string, bought: boolean) =>
  buyer.browser.api.listings[':id'].purchase.$post({ param: { id: listingId }, json: { bought } });

/** A listing of the seller's that the buyer asked about, marked sold to that buyer, who confirms. */
async function sale(seller: Member, buyer: Member, title = 'Recaro seat') {
  const listing = await okBody(seller.browser.api.listings.$post({ json: partInput(title) }));
  await buyer.browser.api.listings[':id'].messages.$post({
    param: { id: listing.id },
    json: { content: 'Still there?' },
  });
  expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
  expect((await answer(buyer, listing.id, true)).status).toBe(200);
  return listing;
}

const review = (member: Member, listingId: string, rating: number, text = 'Smooth deal, as described.') =>
  member.browser.api.listings[':id'].review.$post({ param: { id: listingId }, json: { rating, text } });
const profile = async (id: string) =>
  await okBody(new TestBrowser(t).api.sellers[':id'].$get({ param: { id: id } }));

describe('reviews', () => {
  it('a listing is sold only to a member who messaged about it; the buyers are its seller’s to see', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Reyes' });
    const stranger = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Strut bar') }));
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: 'Hi' },
    });
    const buyers = await okBody(
      seller.browser.api.listings[':id'].buyers.$get({ param: { id: listing.id } }),
    );
    expect(buyers.buyers).toEqual([{ id: buyer.id, name: 'Omar R.', heldFor: false }]);
    expect(
      (await stranger.browser.api.listings[':id'].buyers.$get({ param: { id: listing.id } })).status,
    ).toBe(404);
    // After an accepted offer, the buyer it is held for comes first, flagged (Mark Sold presets them).
    const offerer = await signedInMember(t);
    const offered = await offerer.browser.request('POST', `/api/listings/${listing.id}/offers`, {
      amountCents: 9000,
      note: '',
    });
    await seller.browser.request('POST', `/api/offers/${(offered.body as { id: string }).id}/answer`, {
      action: 'accept',
    });
    const held = await okBody(seller.browser.api.listings[':id'].buyers.$get({ param: { id: listing.id } }));
    expect(held.buyers).toEqual([
      { id: offerer.id, name: expect.any(String), heldFor: true },
      { id: buyer.id, name: 'Omar R.', heldFor: false },
    ]);
    const wrong = await readAnswer(
      seller.browser.api.listings[':id'].status.$patch({
        param: { id: listing.id },
        json: {
          isSold: true,
          buyerId: stranger.id,
        },
      }),
    );
    expectStatus(wrong, 400);
    expect(wrong.body.error.fields?.buyerId).toBe(
      'Choose one of the members who messaged you about this listing.',
    );
    // Sold without a buyer (someone off ModMarket): nobody reviews.
    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: listing.id },
      json: { isSold: true },
    });
    expect((await seller.browser.api.listings[':id'].review.$get({ param: { id: listing.id } })).status).toBe(
      404,
    );
  });

  it('each side writes once; hidden until both have written, then both published with the stars', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Reyes' });
    const stranger = await signedInMember(t);
    const listing = await sale(seller, buyer);

    const state = await readAnswer(
      buyer.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }),
    );
    expect(state.body).toMatchObject({
      role: 'buyer',
      other: 'Rita M.',
      status: 'confirmed',
      open: true,
      mine: null,
    });
    expect(
      (await stranger.browser.api.listings[':id'].review.$get({ param: { id: listing.id } })).status,
    ).toBe(404);
    expect((await review(stranger, listing.id, 1)).status).toBe(404);

    const noStars = await readAnswer(
      buyer.browser.api.listings[':id'].review.$post(
        { param: { id: listing.id }, json: { rating: 0, text: '' } },
        { headers: { 'Accept-Language': 'es' } },
      ),
    );
    expectStatus(noStars, 400);
    expect(noStars.body.error.fields).toEqual({
      rating: 'Elige de 1 a 5 estrellas.',
      text: 'Escribe unas palabras sobre cómo fue.',
    });
    expect((await review(buyer, listing.id, 5, 'Fast and friendly.')).status).toBe(201);
    const twice = await readAnswer(review(buyer, listing.id, 1));
    expectStatus(twice, 409);
    expect(twice.body.error.code).toBe('REVIEW_EXISTS');

    // One side only: nothing shows yet, and the seller has no stars.
    expect((await profile(seller.id)).reviews).toEqual([]);
    expect((await profile(seller.id)).rating).toEqual({ average: null, count: 0 });
    const mine = await okBody(buyer.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }));
    expect(mine.mine).toEqual({ rating: 5, text: 'Fast and friendly.', published: false });

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
    const other = await okBody(seller.browser.api.listings.$post({ json: partInput('Recaro rails') }));
    const detail = await okBody(new TestBrowser(t).api.listings[':id'].$get({ param: { id: other.id } }));
    expect(detail.seller.rating).toEqual({ average: 5, count: 1 });
    const cards = await okBody(new TestBrowser(t).api.listings.$get({ query: { search: 'recaro' } }));
    expect(cards.items.find((card) => card.id === other.id)?.sellerRating).toEqual({
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
    // 30 days pass: both come back; the seller can no longer write, and housekeeping publishes the
    // buyer's review.
    clock.advance(31 * 86_400_000);
    await signInAgain(seller);
    await signInAgain(buyer);
    const late = await readAnswer(review(seller, listing.id, 5));
    expectStatus(late, 409);
    expect(late.body.error.code).toBe('REVIEW_WINDOW_CLOSED');
    expect((await profile(seller.id)).reviews).toEqual([]);
    await housekeeping(t.database.db, t.storage, clock.now());
    await housekeeping(t.database.db, t.storage, clock.now());
    const page = await profile(seller.id);
    expect(page.rating).toEqual({ average: 2, count: 1 });
    const [published] = page.reviews;

    expect(
      (
        await buyer.browser.api.reviews[':id'].reply.$post({
          param: { id: published!.id },
          json: { text: 'Mine!' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await seller.browser.api.reviews[':id'].reply.$post({
          param: { id: published!.id },
          json: {
            text: 'The carrier lost it a day.',
          },
        })
      ).status,
    ).toBe(200);
    const again = await failureBody(
      seller.browser.api.reviews[':id'].reply.$post({
        param: { id: published!.id },
        json: {
          text: 'Again',
        },
      }),
    );
    expect(again.error.code).toBe('REVIEW_REPLIED');
    expect((await profile(seller.id)).reviews[0]?.reply?.text).toBe('The carrier lost it a day.');
  });
  it('only a purchase its buyer confirmed can be reviewed: the buyer is asked, once; no means no reviews', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t);
    const stranger = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Turbo manifold') }));
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: 'Mine?' },
    });
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
    const waiting = await readAnswer(
      buyer.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }),
    );
    expect(waiting.body).toMatchObject({ role: 'buyer', status: 'awaiting', open: true, windowEndsAt: null });
    expect(
      (await okBody(seller.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }))).status,
    ).toBe('awaiting');
    for (const member of [seller, buyer]) {
      const early = await readAnswer(review(member, listing.id, 5));
      expectStatus(early, 409);
      expect(early.body.error.code).toBe('SALE_NOT_CONFIRMED');
    }
    // Only the buyer answers.
    expect((await answer(seller, listing.id, true)).status).toBe(404);
    expect((await answer(stranger, listing.id, true)).status).toBe(404);

    expect((await answer(buyer, listing.id, false)).status).toBe(200);
    const again = await readAnswer(answer(buyer, listing.id, true));
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('SALE_ANSWERED');
    expect(
      await okBody(seller.browser.api.listings[':id'].review.$get({ param: { id: listing.id } })),
    ).toMatchObject({
      status: 'declined',
      open: false,
    });
    expect((await failureBody(review(seller, listing.id, 1))).error.code).toBe('SALE_NOT_CONFIRMED');
    expect((await failureBody(review(buyer, listing.id, 5))).error.code).toBe('SALE_NOT_CONFIRMED');
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
    await second.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: 'Still for sale?' },
    });
    expect((await markSold(seller, listing.id, second.id)).status).toBe(200);
    expect((await answer(second, listing.id, true)).status).toBe(200);
    expect((await review(second, listing.id, 5, 'Great.')).status).toBe(201);
    expect((await review(seller, listing.id, 5, 'Great buyer.')).status).toBe(201);

    // The second sale is published; the first buyer's review still waits for its own sale's other side.
    const page = await profile(seller.id);
    expect(page.rating).toEqual({ average: 5, count: 1 });
    expect(page.reviews.map((r) => r.text)).toEqual(['Great.']);
    const firstState = await okBody(
      first.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }),
    );
    expect(firstState.mine).toMatchObject({ rating: 1, published: false });

    // Re-listed and sold to the first buyer again: the same sale, not a new one to confirm or review.
    expect((await relist(seller, listing.id)).status).toBe(200);
    expect((await markSold(seller, listing.id, first.id)).status).toBe(200);
    const resold = await readAnswer(
      first.browser.api.listings[':id'].review.$get({ param: { id: listing.id } }),
    );
    expect(resold.body).toMatchObject({ status: 'confirmed', mine: { rating: 1, published: false } });
    expect((await answer(first, listing.id, true)).status).toBe(409);
    expect((await failureBody(review(first, listing.id, 5))).error.code).toBe('REVIEW_EXISTS');
    const pairs = await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id));
    expect(pairs.filter((row) => row.buyerId === first.id)).toHaveLength(1);
    expect((await profile(seller.id)).rating).toEqual({ average: 5, count: 1 });
  });

  it('a sale not yet confirmed is withdrawn when the listing is back on the market', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Intake') }));
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: 'Hi' },
    });
    expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
    expect((await relist(seller, listing.id)).status).toBe(200);
    expect((await answer(buyer, listing.id, true)).status).toBe(404);
    expect((await buyer.browser.api.listings[':id'].review.$get({ param: { id: listing.id } })).status).toBe(
      404,
    );
  });

  it('blocking either way: no marking sold to them, no confirming, no reviewing', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Blow-off valve') }));
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: listing.id },
      json: { content: 'Hi' },
    });
    const block = (by: Member, other: Member) =>
      readAnswer(by.browser.api.blocks.$put({ json: { memberId: other.id, hideListings: false } }));
    const unblock = (by: Member, other: Member) =>
      readAnswer(by.browser.api.blocks[':memberId'].$delete({ param: { memberId: other.id } }));

    // The buyer blocked the seller: not offered as a buyer, and not asked to confirm.
    expect((await block(buyer, seller)).status).toBe(200);
    const buyers = await okBody(
      seller.browser.api.listings[':id'].buyers.$get({ param: { id: listing.id } }),
    );
    expect(buyers.buyers).toEqual([]);
    const refused = await readAnswer(markSold(seller, listing.id, buyer.id));
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('SALE_BLOCKED');
    expect(await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id))).toEqual([]);
    const asked = await t.database.db.select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(asked).toEqual([]);
    expect((await unblock(buyer, seller)).status).toBe(200);

    // Blocked after the marking: the buyer cannot confirm.
    expect((await markSold(seller, listing.id, buyer.id)).status).toBe(200);
    expect((await block(seller, buyer)).status).toBe(200);
    expect((await failureBody(answer(buyer, listing.id, true))).error.code).toBe('SALE_BLOCKED');
    expect((await unblock(seller, buyer)).status).toBe(200);

    // Blocked after confirming: neither reviews.
    expect((await answer(buyer, listing.id, true)).status).toBe(200);
    expect((await block(buyer, seller)).status).toBe(200);
    for (const member of [seller, buyer]) {
      const written = await readAnswer(review(member, listing.id, 3));
      expectStatus(written, 403);
      expect(written.body.error.code).toBe('SALE_BLOCKED');
    }
    expect(await t.database.db.select().from(reviews).where(eq(reviews.listingId, listing.id))).toEqual([]);
    expect(await t.database.db.select().from(blocks).where(eq(blocks.blockerId, buyer.id))).toHaveLength(1);
  });
});

describe('asking both sides of a sale to review', () => {
  const asksOf = async (member: Member) =>
    (await okBody(member.browser.api.notifications.$get({ query: {} }))).notifications.filter((n) =>
      n.data.action?.startsWith('review.'),
    );
  const reviewMail = async (member: Member) =>
    (await t.mailTo(member.email)).filter((mail) => /^(How was|¿Qué tal)/.test(mail.subject));
  const detail = (browser: TestBrowser, listingId: string) =>
    okBody(browser.api.listings[':id'].$get({ param: { id: listingId } }));
  const block = (by: Member, other: Member) =>
    by.browser.api.blocks.$put({ json: { memberId: other.id, hideListings: false } });
  const unblock = (by: Member, other: Member) =>
    by.browser.api.blocks[':memberId'].$delete({ param: { memberId: other.id } });

  it('a confirmed sale asks the buyer and the seller once each, by email too in their language when their settings allow', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Reyes' });
    await t.database.db.update(users).set({ locale: 'es' }).where(eq(users.id, buyer.id));
    // The seller wants no emails: asked in the app only.
    await okBody(
      seller.browser.api.notifications.settings.$put({
        json: { ...DEFAULT_NOTIFICATION_SETTINGS, emailNotifications: false },
      }),
    );
    const listing = await sale(seller, buyer, 'Sparco seat');
    // A second confirmation is refused and asks nobody again.
    expect((await answer(buyer, listing.id, true)).status).toBe(409);
    await t.runJobs();
    // The ask run again (its worker died after the email), or queued again, asks nobody twice.
    const [row] = await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id));
    await t.app.jobHandlers[REVIEW_ASK_JOB]!({ saleId: row!.id }, { jobId: 1 });
    await askForReviews(t.database.db, row!.id);
    await t.runJobs();

    const toBuyer = await asksOf(buyer);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]).toMatchObject({
      type: 'sale_update',
      data: { action: 'review.buyer', name: 'Rita M.', listingTitle: 'Sparco seat' },
      link: `/listing/${listing.id}`,
      read: false,
    });
    expect((await asksOf(seller)).map((n) => n.data)).toEqual([
      { action: 'review.seller', name: 'Omar R.', listingTitle: 'Sparco seat' },
    ]);
    const mail = await reviewMail(buyer);
    expect(mail.map((m) => m.subject)).toEqual(['¿Qué tal la compra de Sparco seat a Rita M.?']);
    expect(mail[0]!.text).toContain(`/listing/${listing.id}`);
    expect(await reviewMail(seller)).toEqual([]);
    // "Did you buy …?" was answered: no longer unread.
    const [question] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.groupKey, `sale:${listing.id}`));
    expect(question?.readAt).not.toBeNull();
  });

  it('the listing tells its buyer, and nobody else, that their review is open, until they write it', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    const buyer = await signedInMember(t);
    const stranger = await signedInMember(t);
    const listing = await sale(seller, buyer, 'Bride seat');
    const [row] = await t.database.db.select().from(sales).where(eq(sales.listingId, listing.id));
    expect((await detail(buyer.browser, listing.id)).reviewOpenUntil).toBe(row!.windowEndsAt!.toISOString());
    for (const browser of [seller.browser, stranger.browser, new TestBrowser(t)])
      expect((await detail(browser, listing.id)).reviewOpenUntil ?? null).toBeNull();
    // Not while either has blocked the other.
    expect((await block(seller, buyer)).status).toBe(200);
    expect((await detail(buyer.browser, listing.id)).reviewOpenUntil).toBeNull();
    expect((await unblock(seller, buyer)).status).toBe(200);
    expect((await detail(buyer.browser, listing.id)).reviewOpenUntil).toEqual(expect.any(String));
    // Written: the card goes.
    expect((await review(buyer, listing.id, 5)).status).toBe(201);
    expect((await detail(buyer.browser, listing.id)).reviewOpenUntil).toBeNull();
    // The seller has not written: still asked, and the buyer who wrote is not asked again.
    await t.runJobs();
    expect(await asksOf(buyer)).toEqual([]);
    expect((await asksOf(seller)).map((n) => n.data.action)).toEqual(['review.seller']);
  });

  it('nobody is asked across a block, about a member leaving, or once the window closed', async () => {
    const seller = await signedInMember(t);
    const [blocked, toLeaver, late] = [
      await signedInMember(t),
      await signedInMember(t),
      await signedInMember(t),
    ];
    const leaving = await signedInMember(t);
    const one = await sale(seller, blocked, 'Shift knob');
    expect((await block(blocked, seller)).status).toBe(200);
    await sale(leaving, toLeaver, 'Gauge pod');
    expect(
      (await leaving.browser.api.account.delete.$post({ json: { currentPassword: MEMBER_PASSWORD } })).status,
    ).toBe(200);
    await t.runJobs();
    for (const member of [seller, blocked, toLeaver]) expect(await asksOf(member)).toEqual([]);
    const toLeaving = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, leaving.id));
    expect(toLeaving.filter((n) => (n.data as { action?: string }).action?.startsWith('review.'))).toEqual(
      [],
    );
    expect((await detail(blocked.browser, one.id)).reviewOpenUntil).toBeNull();

    // The ask comes after the 30 days (a job held up that long): too late.
    const closed = await sale(seller, late, 'Pedal box');
    clock.advance(31 * 86_400_000);
    await t.runJobs();
    await signInAgain(seller);
    await signInAgain(late);
    for (const member of [seller, late]) expect(await asksOf(member)).toEqual([]);
    expect((await detail(late.browser, closed.id)).reviewOpenUntil).toBeNull();
  });

  it('an order completed on ModMarket asks both sides too, once', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Moreno' });
    expect(await okBody(seller.browser.api.payouts.connect.$post())).toEqual({ url: null });
    const part = await okBody(
      seller.browser.api.listings.$post({ json: { ...partInput('Cusco LSD'), priceCents: 10000 } }),
    );
    const buyer = await signedInMember(t);
    const placed = await buyer.browser.request('POST', `/api/listings/${part.id}/orders`, {
      delivery: 'pickup',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const { orderId } = placed.body as { orderId: string };
    const code = (await okBody(buyer.browser.api.orders[':id'].$get({ param: { id: orderId } }))).handoffCode;
    expect((await seller.browser.request('POST', `/api/orders/${orderId}/ready`, {})).status).toBe(200);
    expect((await seller.browser.request('POST', `/api/orders/${orderId}/hand-over`, { code })).status).toBe(
      200,
    );
    expect((await buyer.browser.request('POST', `/api/orders/${orderId}/confirm`, {})).status).toBe(200);
    await t.runJobs();
    expect((await asksOf(buyer)).map((n) => n.data)).toEqual([
      { action: 'review.buyer', name: 'Rita M.', listingTitle: 'Cusco LSD' },
    ]);
    expect((await asksOf(seller)).map((n) => n.data.action)).toEqual(['review.seller']);
    expect((await reviewMail(buyer)).map((m) => m.subject)).toEqual([
      'How was buying Cusco LSD from Rita M.?',
    ]);
    expect((await reviewMail(seller)).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^How was selling Cusco LSD to /),
    ]);
    expect((await detail(buyer.browser, part.id)).reviewOpenUntil).toEqual(expect.any(String));
  });
});
