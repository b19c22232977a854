import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { listings } from '@server/db/schema';
import { ConfigError, loadEnv } from '@server/env';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInAgain, signedInMember } from '../../../test/members';
import { testClock } from '../../../test/clock';
import { startAiStandIn } from '../../../test/ai-standin';
import { priceRangeOf, withoutContacts } from './ai-advanced';
import type { AiDraftRequestSchema } from './ai-draft';
import { okBody } from '../../../test/test-browser';

const KEY = 'sk-standin-0123456789-secret';
const AI = { AI_BASE_URL: 'https://ai.example.com/v1', AI_API_KEY: KEY, AI_MODEL: 'gpt-test' };

describe('AI_ settings', () => {
  it('takes all three, with the defaults for the timeout and the daily limit', () => {
    const env = loadEnv(AI);
    expect(env.AI_BASE_URL).toBe('https://ai.example.com/v1');
    expect(env.AI_TIMEOUT_MS).toBe(15_000);
    expect(env.AI_DAILY_LIMIT).toBe(20);
    expect(loadEnv({}).AI_BASE_URL).toBeUndefined();
    expect(loadEnv({ ...AI, AI_TIMEOUT_MS: '2500', AI_DAILY_LIMIT: '5' })).toMatchObject({
      AI_TIMEOUT_MS: 2500,
      AI_DAILY_LIMIT: 5,
    });
  });

  it('refuses one or two of the three, naming the missing ones, never showing the key', () => {
    const attempt = (source: Record<string, string>) => {
      try {
        loadEnv(source);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    const noModel = attempt({ AI_BASE_URL: AI.AI_BASE_URL, AI_API_KEY: KEY });
    expect(noModel).toContain('AI_MODEL: required with the other AI_ settings');
    expect(noModel).not.toContain('AI_BASE_URL');
    expect(noModel).not.toContain(KEY);
    const keyOnly = attempt({ AI_API_KEY: KEY });
    expect(keyOnly).toContain('AI_BASE_URL');
    expect(keyOnly).toContain('AI_MODEL');
    expect(keyOnly).not.toContain(KEY);
    const badUrl = attempt({ ...AI, AI_BASE_URL: 'ftp://ai.example.com' });
    expect(badUrl).toContain('AI_BASE_URL: expected an http(s) URL');
    expect(badUrl).not.toContain(KEY);
    expect(attempt({ ...AI, AI_TIMEOUT_MS: 'soon' })).toContain('AI_TIMEOUT_MS');
    expect(attempt({ ...AI, AI_DAILY_LIMIT: '0' })).toContain('AI_DAILY_LIMIT');
  });
});

describe('withoutContacts', () => {
  it('takes addresses, links and phone numbers out of a title, and leaves part numbers', () => {
    expect(withoutContacts('HKS exhaust, call (415) 867-2309 or mail ken@garage.example')).toBe(
      'HKS exhaust, call or mail',
    );
    expect(withoutContacts('Borla cat-back www.kens-parts.example +1 415 867 2309')).toBe('Borla cat-back');
    expect(withoutContacts('Nismo 350Z 20100-CD700 exhaust, OEM 8E0-614-517')).toBe(
      'Nismo 350Z 20100-CD700 exhaust, OEM 8E0-614-517',
    );
  });
});

describe('priceRangeOf', () => {
  it('is the 25th to 75th percentile of prices in cents, rounded to whole dollars, from 3 prices up', () => {
    expect(priceRangeOf([])).toBeNull();
    expect(priceRangeOf([10000, 20000])).toBeNull();
    expect(priceRangeOf([30000, 10000, 20000])).toEqual({ lowCents: 15000, highCents: 25000, basedOn: 3 });
    expect(priceRangeOf([60000, 20000, 50000, 30000, 40000])).toEqual({
      lowCents: 30000,
      highCents: 50000,
      basedOn: 5,
    });
    expect(priceRangeOf([1040, 1040, 1040, 9999])).toEqual({ lowCents: 1000, highCents: 3300, basedOn: 4 });
  });
});

/** What the draft endpoint takes, as sent. */
type AiDraftInput = z.input<typeof AiDraftRequestSchema>;

const fields: AiDraftInput = {
  category: 'exhaust',
  condition: 'like_new',
  make: 'Nissan',
  model: '350Z',
  yearStart: 2003,
  yearEnd: 2008,
  partBrand: 'HKS',
  partId: 'HK-31',
};

const advanced = {
  title: 'HKS Hi-Power exhaust for Nissan 350Z (2003-2008), like new',
  description: 'A like-new HKS Hi-Power cat-back for the 350Z.\n\nPart number HK-31.',
  highlights: ['HKS Hi-Power cat-back', 'Fits 2003-2008 350Z', 'Like-new condition'],
};

describe('advanced listing drafts through an AI endpoint (Platinum)', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startAiStandIn>>;
  const DAILY_LIMIT = 3;
  /** The app's clock: the next day comes by moving it on. */
  const clock = testClock();

  const draft = async (plan: 'gold' | 'platinum', body: AiDraftInput = fields, language = 'en') => {
    const member = await signedInMember(t, { plan });
    const started = Date.now();
    // A failure fails the test here (200 is the endpoint's one success).
    const answer = await okBody(
      member.browser.api.listings['ai-draft'].$post(
        { json: body },
        { headers: { 'Accept-Language': language } },
      ),
    );
    return { member, answer, ms: Date.now() - started };
  };

  beforeAll(async () => {
    standIn = await startAiStandIn();
    t = await createTestApp({
      env: {
        AI_BASE_URL: standIn.url,
        AI_API_KEY: KEY,
        AI_MODEL: 'standin-model',
        AI_TIMEOUT_MS: '400',
        AI_DAILY_LIMIT: String(DAILY_LIMIT),
      },
      clock: clock.now,
    });
    const seller = await signedInMember(t, { plan: 'platinum' });
    const other = await signedInMember(t, { plan: 'gold' });
    const listing = (title: string, price: string, more: Partial<typeof listings.$inferInsert> = {}) => ({
      userId: seller.id,
      title,
      priceCents: Number(price) * 100,
      category: 'exhaust',
      condition: 'good',
      make: 'Nissan',
      model: '350Z',
      ...more,
    });
    await t.database.db.insert(listings).values([
      // Five unsold 350Z exhausts: enough to leave other models out.
      listing('Tomei Expreme Ti 350Z', '200'),
      listing('Borla S-Type 350Z cat-back', '300'),
      listing('Invidia Q300 350Z', '400', { model: '350z', userId: other.id }),
      listing('Nismo 350Z exhaust', '500'),
      listing('Greddy EVO 350Z', '600'),
      // Not counted: sold, another model, another category, another make.
      listing('Sold HKS 350Z', '9999', { isSold: true }),
      listing('GT-R titanium exhaust', '5000', { model: 'GT-R' }),
      listing('350Z coilovers', '1500', { category: 'suspension' }),
      listing('Supra exhaust', '800', { make: 'Toyota', model: 'Supra' }),
      // Toyota brakes: one Supra, three of other Toyotas (the make's are used below five same-model).
      listing('Supra big brake kit', '1000', { make: 'Toyota', model: 'Supra', category: 'brakes' }),
      listing('Celica brake pads', '100', { make: 'Toyota', model: 'Celica', category: 'brakes' }),
      listing('GR86 brake kit', '1400', { make: 'Toyota', model: 'GR86', category: 'brakes' }),
      listing('Corolla rotors', '200', { make: 'Toyota', model: 'Corolla', category: 'brakes' }),
    ]);
  });

  afterAll(async () => {
    await t.close();
    await standIn.close();
  });

  beforeEach(() => {
    standIn.answerWith({ kind: 'draft', content: advanced });
  });

  it('writes through the endpoint for Platinum, with highlights and the price range of similar listings', async () => {
    const before = standIn.requests.length;
    const { member, answer } = await draft('platinum');
    expect(answer).toEqual({
      ...advanced,
      priceRange: { lowCents: 30000, highCents: 50000, basedOn: 5 },
      source: 'advanced',
      notice: null,
    });
    expect(standIn.requests).toHaveLength(before + 1);
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.authorization).toBe(`Bearer ${KEY}`);
    expect(request.body.model).toBe('standin-model');
    expect(request.body.response_format).toEqual({ type: 'json_object' });
    const [system, user] = request.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('Write in English');
    expect(user?.role).toBe('user');
    const context = JSON.parse(user?.content ?? '{}') as {
      part: Record<string, unknown>;
      similarListings: { title: string; priceUsd: number }[];
    };
    expect(context.part).toMatchObject({ make: 'Nissan', model: '350Z', brand: 'HKS', partNumber: 'HK-31' });
    expect(context.similarListings.map((row) => row.title).sort()).toEqual([
      'Borla S-Type 350Z cat-back',
      'Greddy EVO 350Z',
      'Invidia Q300 350Z',
      'Nismo 350Z exhaust',
      'Tomei Expreme Ti 350Z',
    ]);
    expect(context.similarListings).toContainEqual({ title: 'Greddy EVO 350Z', priceUsd: 600 });
    void member;
  });

  it("asks in the member's language, and uses the make's listings when the model has few", async () => {
    const { answer } = await draft(
      'platinum',
      { ...fields, category: 'brakes', make: 'Toyota', model: 'Supra' },
      'es',
    );
    expect(answer.source).toBe('advanced');
    // 100, 200, 1000, 1400: the Supra's one listing and the other Toyotas' brakes.
    expect(answer.priceRange).toEqual({ lowCents: 17500, highCents: 110_000, basedOn: 4 });
    expect(standIn.requests.at(-1)?.body.messages?.[0]?.content).toContain('Write in Spanish');
  });

  it('gives no price range below three similar listings', async () => {
    const { answer } = await draft('platinum', { ...fields, make: 'Honda', model: 'S2000' });
    expect(answer.source).toBe('advanced');
    expect(answer.priceRange).toBeNull();
  });

  it('leaves out the asking member’s own listings', async () => {
    const { member } = await draft('platinum', { ...fields, make: 'Mazda', model: 'RX-7' });
    await t.database.db.insert(listings).values(
      ['100', '200', '300'].map((price) => ({
        userId: member.id,
        title: `My RX-7 exhaust ${price}`,
        priceCents: Number(price) * 100,
        category: 'exhaust',
        condition: 'good',
        make: 'Mazda',
        model: 'RX-7',
      })),
    );
    const again = await okBody(
      member.browser.api.listings['ai-draft'].$post({
        json: {
          ...fields,
          make: 'Mazda',
          model: 'RX-7',
        },
      }),
    );
    expect(again.priceRange).toBeNull();
  });

  it('sends only the title and price of similar listings, never their text, seller or contact details', async () => {
    const seller = await signedInMember(t, { firstName: 'Zebulon', lastName: 'Quartermaine' });
    const marker = 'descriptionmarker';
    await t.database.db.insert(listings).values(
      ['700', '800', '900'].map((price) => ({
        userId: seller.id,
        title: `Mugen S2000 exhaust, text 415-867-2309 or zeb@garage.example ${price}`,
        description: `${marker} ask for Zebulon, zeb@garage.example`,
        priceCents: Number(price) * 100,
        category: 'exhaust',
        condition: 'good',
        make: 'Honda',
        model: 'Civic Type R',
        partId: 'MUGEN-XYZ',
      })),
    );
    const { answer } = await draft('platinum', { ...fields, make: 'Honda', model: 'Civic Type R' });
    expect(answer.source).toBe('advanced');
    const request = standIn.requests.at(-1)!;
    const sent = JSON.stringify(request.body.messages);
    for (const secret of [
      marker,
      'Zebulon',
      'Quartermaine',
      'zeb@garage',
      '867-2309',
      seller.email,
      'MUGEN-XYZ',
    ])
      expect(sent).not.toContain(secret);
    const context = JSON.parse(request.body.messages?.[1]?.content ?? '{}') as {
      similarListings: Record<string, unknown>[];
    };
    expect(context.similarListings).toContainEqual({
      title: 'Mugen S2000 exhaust, text or 800',
      priceUsd: 800,
    });
    expect(context.similarListings.every((row) => Object.keys(row).sort().join() === 'priceUsd,title')).toBe(
      true,
    );
    // The model's answer is bounded too: at most AI_MAX_OUTPUT_TOKENS tokens are asked for.
    expect((request.body as { max_completion_tokens?: number }).max_completion_tokens).toBe(4000);
  });

  it('refuses a request over its bounds, with a translated message, and sends nothing', async () => {
    const member = await signedInMember(t, { plan: 'platinum' });
    const before = standIn.requests.length;
    // Bodies past the schema's bounds, some of a shape the types do not allow.
    const ask = (body: object) =>
      member.browser.request<{ error: { code: string; message: string; fields?: Record<string, string> } }>(
        'POST',
        '/api/listings/ai-draft',
        body,
        { 'Accept-Language': 'es' },
      );
    const long = await ask({ ...fields, partId: 'x'.repeat(81) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields?.partId).toBe('Debe tener como máximo 80 caracteres.');
    const padded = await ask({ ...fields, model: ' '.repeat(3000) + '350Z' });
    expect(padded.status).toBe(413);
    expect(padded.body.error).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'Lo que enviaste es demasiado grande.',
    });
    expect(standIn.requests).toHaveLength(before);
  });

  it('keeps Gold on the offline writer: nothing is sent to the endpoint', async () => {
    const before = standIn.requests.length;
    const { answer } = await draft('gold');
    expect(answer).toEqual({
      title: 'HKS Exhaust for Nissan 350Z (2003-2008)',
      description: expect.stringContaining('HK-31') as string,
      priceRange: null,
      source: 'offline',
      notice: null,
    });
    expect(standIn.requests).toHaveLength(before);
  });

  it.each([
    ['answers 500', { kind: 'status', status: 500 } as const],
    ['answers 401', { kind: 'status', status: 401 } as const],
    ['answers a body that is not JSON', { kind: 'raw', body: '<html>Bad gateway</html>' } as const],
    ['answers a message that is not JSON', { kind: 'draft', content: 'Here is your listing!' } as const],
    [
      'answers JSON that is not a draft',
      { kind: 'draft', content: { ...advanced, highlights: ['one'] } } as const,
    ],
    [
      'answers a title that is too long',
      { kind: 'draft', content: { ...advanced, title: 'x'.repeat(121) } } as const,
    ],
    ['answers too slowly', { kind: 'slow', delayMs: 2_000, content: advanced } as const],
  ])('falls back to the offline draft with a notice when the endpoint %s', async (_, mode) => {
    standIn.answerWith(mode);
    const before = standIn.requests.length;
    const { answer, ms } = await draft('platinum');
    expect(answer).toEqual({
      title: 'HKS Exhaust for Nissan 350Z (2003-2008)',
      description: expect.stringContaining('HK-31') as string,
      priceRange: { lowCents: 30000, highCents: 50000, basedOn: 5 },
      source: 'offline',
      notice: 'fallback',
    });
    expect(standIn.requests).toHaveLength(before + 1);
    if (mode.kind === 'slow') expect(ms).toBeLessThan(1_900);
  });

  it('strips control characters and tolerates a fenced JSON answer', async () => {
    standIn.answerWith({
      kind: 'draft',
      content: '```json\n' + JSON.stringify({ ...advanced, title: 'HKS\u0000 exhaust' }) + '\n```',
    });
    const { answer } = await draft('platinum');
    expect(answer.source).toBe('advanced');
    expect(answer.title).toBe('HKS exhaust');
  });

  it('allows each member AI_DAILY_LIMIT advanced drafts a day, then the offline one with a notice', async () => {
    const member = await signedInMember(t, { plan: 'platinum' });
    const ask = () => okBody(member.browser.api.listings['ai-draft'].$post({ json: fields }));
    const before = standIn.requests.length;
    // A failed call counts too: each one is a call the endpoint was asked to answer.
    standIn.answerWith({ kind: 'status', status: 503 });
    expect((await ask()).notice).toBe('fallback');
    standIn.answerWith({ kind: 'draft', content: advanced });
    const answers = await Promise.all(Array.from({ length: DAILY_LIMIT + 1 }, ask));
    const sources = answers.map((answer) => answer.source).sort();
    expect(sources).toEqual(['advanced', 'advanced', 'offline', 'offline']);
    const limited = answers.filter((answer) => answer.notice === 'limit');
    expect(limited).toHaveLength(2);
    expect(limited[0]?.priceRange).toEqual({ lowCents: 30000, highCents: 50000, basedOn: 5 });
    expect(standIn.requests).toHaveLength(before + DAILY_LIMIT);
    // Another member has their own allowance.
    expect((await draft('platinum')).answer.source).toBe('advanced');
    // The next day (UTC), the member has a new allowance.
    try {
      clock.advance(86_400_000);
      await signInAgain(member);
      expect((await ask()).source).toBe('advanced');
    } finally {
      clock.reset();
    }
  });

  it('logs why a draft fell back, and never the key', async () => {
    standIn.answerWith({ kind: 'status', status: 500 });
    await draft('platinum');
    const fallbacks = t.logs.filter((line) => String(line.msg).startsWith('ai draft:'));
    expect(fallbacks.length).toBeGreaterThan(0);
    expect(fallbacks.map((line) => line.reason)).toContain('status 500');
    expect(fallbacks.map((line) => line.reason)).toContain('timeout');
    expect(JSON.stringify(t.logs)).not.toContain(KEY);
    expect(JSON.stringify(t.logs)).not.toContain('HKS Hi-Power cat-back');
  });

  it('gives Platinum the offline draft with a notice when no endpoint is set up', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const member = await signedInMember(plain, { plan: 'platinum' });
      const before = standIn.requests.length;
      const answer = await okBody(member.browser.api.listings['ai-draft'].$post({ json: fields }));
      expect(answer).toMatchObject({
        title: 'HKS Exhaust for Nissan 350Z (2003-2008)',
        priceRange: { lowCents: 30000, highCents: 50000, basedOn: 5 },
        source: 'offline',
        notice: 'fallback',
      });
      expect(answer.highlights).toBeUndefined();
      expect(standIn.requests).toHaveLength(before);
    } finally {
      await plain.close();
    }
  });
});
