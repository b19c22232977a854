import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { ListingCard } from '@common/schemas/listings';
import { createLocalStorage } from '../storage/local-storage';
import { cardFromText, pageJson } from './listing-card';

const storage = createLocalStorage(tmpdir());
const HOUR = 3_600_000;

/** A `cardJson` value as PostgreSQL writes it: the card's fields in order, then the seller's facts. */
function cardText(fields: { title?: string; boostedUntil?: number | null; partId?: string | null } = {}) {
  const id = randomUUID();
  return JSON.stringify([
    id,
    fields.title ?? 'Titanium exhaust',
    125_000,
    'exhaust',
    'used',
    'Nissan',
    '350Z',
    2003,
    2008,
    'Austin, TX',
    { key: `listings/${randomUUID()}`, width: 1600, height: 1200, variants: [320, 640, 1280] },
    false,
    Date.UTC(2026, 10, 1),
    Date.UTC(2026, 10, 1),
    fields.boostedUntil ?? null,
    123,
    null,
    null,
    fields.partId ?? null,
    [true, 9, 2],
  ]);
}

describe('cards made from their text', () => {
  it('are made once per text and shared, frozen, their JSON the card’s own', () => {
    const now = new Date(Date.UTC(2026, 11, 1));
    const text = cardText({ partId: '14411-AA000' });
    const made = cardFromText(storage, text, now);
    expect(cardFromText(storage, text, now)).toBe(made);
    expect(Object.isFrozen(made.card)).toBe(true);
    expect(made.json.toString()).toBe(JSON.stringify(made.card));
    expect(made.card).toMatchObject({
      title: 'Titanium exhaust',
      priceCents: 125_000,
      partNumber: '14411-AA000',
      sellerVerified: true,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    expect(made.card.photo?.sources).toHaveLength(3);
    // Another text (the listing edited) is another card.
    const edited = cardFromText(
      storage,
      text.replace('Titanium exhaust', 'Titanium exhaust, new gaskets'),
      now,
    );
    expect(edited).not.toBe(made);
    expect(edited.card.title).toBe('Titanium exhaust, new gaskets');
  });

  it('show a boost until it ends, and are made again once it has', () => {
    const now = new Date(Date.UTC(2026, 11, 1));
    const text = cardText({ boostedUntil: now.getTime() + HOUR });
    const boosted = cardFromText(storage, text, now);
    expect(boosted.card.boostedUntil).toBe(new Date(now.getTime() + HOUR).toISOString());
    expect(cardFromText(storage, text, new Date(now.getTime() + HOUR - 1))).toBe(boosted);
    const later = cardFromText(storage, text, new Date(now.getTime() + HOUR));
    expect(later).not.toBe(boosted);
    expect(later.card.boostedUntil).toBeNull();
  });

  it('are written as JSON.stringify writes them, a copy or a changed card anew', () => {
    const now = new Date(Date.UTC(2026, 11, 1));
    const cards = [
      cardText(),
      cardText({ title: 'Coilovers "street"' }),
      cardText({ title: 'Akrapovič 排气' }),
    ].map((text) => cardFromText(storage, text, now).card);
    const copied = { ...cards[0]!, favourite: true };
    const written = <Page extends { items: readonly ListingCard[] }>(page: Page) =>
      Buffer.from(pageJson(page)).toString('utf8');
    expect(written({ items: [...cards, copied] })).toBe(JSON.stringify({ items: [...cards, copied] }));
    const page = { items: [copied, cards[1]!], nextCursor: null, count: { value: 2, more: false } };
    expect(written(page)).toBe(JSON.stringify(page));
    expect(written({ items: [] })).toBe('{"items":[]}');
    expect(written({ items: cards, didYouMean: undefined, nextCursor: 'x' })).toBe(
      JSON.stringify({ items: cards, nextCursor: 'x' }),
    );
  });
});
