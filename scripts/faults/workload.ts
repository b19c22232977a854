/**
 * The writes of the fault experiments, made as members' browsers make them, over HTTP: members reply
 * in their conversations (each message with its own clientId, sent again with the same one after a
 * failure, as the app's message box does), list parts, and newcomers sign up. Every write is recorded
 * with whether a 2xx answer acknowledged it; the case then counts what the database holds.
 */
import { randomUUID } from 'node:crypto';
import type { FaultySmtp } from './smtp';

export type WriteKind = 'message' | 'listing' | 'sign-up';

export interface Write {
  kind: WriteKind;
  /** What identifies it in the database: the message's clientId, the listing's title, the address. */
  key: string;
  attempts: number;
  /** When the attempt that got a 2xx answer was sent and answered (ms since the epoch); null: never. */
  acknowledged: { sentAt: number; at: number } | null;
  /** The last failure: an HTTP status or a network error. */
  lastError: string | null;
}

const PASSWORD = 'Gearbox-Fault-Drill-2026!';

/** A member's browser: its cookies, and what it has made. */
export class Browser {
  private readonly cookies = new Map<string, string>();
  constructor(readonly email: string) {}
  conversationId = '';
  listings = 0;

  async call(
    base: string,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    timeoutMs = 15_000,
  ): Promise<{ status: number; json: Record<string, unknown> }> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value && !/max-age=0\b/i.test(line)) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
    const text = await response.text();
    try {
      return { status: response.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return { status: response.status, json: { text: text.slice(0, 200) } };
    }
  }
}

function expectStatus(
  what: string,
  answer: { status: number; json: Record<string, unknown> },
  ...statuses: number[]
): Record<string, unknown> {
  if (!statuses.includes(answer.status))
    throw new Error(`${what}: answered ${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
  return answer.json;
}

export function signUpBody(email: string) {
  return { email, password: PASSWORD, confirmPassword: PASSWORD };
}

export function listingBody(title: string) {
  return {
    title,
    description: 'Written by the fault experiments.',
    priceCents: 12000,
    category: 'exhaust',
    condition: 'good',
    make: 'Honda',
    model: 'Civic',
  };
}

/**
 * A confirmed, signed-in member: signs up, reads the confirmation email, opens its link, and gives the
 * name a first message or listing asks for.
 */
export async function newMember(base: string, smtp: FaultySmtp, email: string): Promise<Browser> {
  const browser = new Browser(email);
  expectStatus(
    `sign-up of ${email}`,
    await browser.call(base, 'POST', '/api/auth/sign-up', signUpBody(email)),
    202,
  );
  const text = await smtp.waitForText(email, 60_000);
  const token = /confirm-signup\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!token) throw new Error(`no confirmation link in the email to ${email}`);
  const confirmed = expectStatus(
    `confirmation of ${email}`,
    await browser.call(base, 'POST', '/api/auth/confirm-email', { token }),
    200,
  );
  if (confirmed.signedIn !== true) throw new Error(`${email} was not signed in by its confirmation link`);
  expectStatus(
    `the name of ${email}`,
    await browser.call(base, 'PUT', '/api/account/name', { firstName: 'Fault', lastName: 'Drill' }),
    200,
  );
  return browser;
}

/**
 * One seller with a listing, and `buyers` members who each opened a conversation about it: the
 * members whose replies are the load's messages.
 */
export async function setUpMembers(
  base: string,
  smtp: FaultySmtp,
  tag: string,
  buyers: number,
): Promise<Browser[]> {
  const seller = await newMember(base, smtp, `seller.${tag}@faults.example.com`);
  const listing = expectStatus(
    'the seller’s listing',
    await seller.call(base, 'POST', '/api/listings', listingBody(`Seller part ${tag}`)),
    201,
  );
  const members: Browser[] = [];
  for (let i = 0; i < buyers; i++) {
    const buyer = await newMember(base, smtp, `buyer${i}.${tag}@faults.example.com`);
    const opened = expectStatus(
      'a first message',
      await buyer.call(base, 'POST', `/api/listings/${String(listing.id)}/messages`, {
        content: 'Is this still available?',
      }),
      201,
    );
    buyer.conversationId = String(opened.conversationId);
    members.push(buyer);
  }
  return members;
}

export interface LoadOptions {
  /** Where requests go (an app, or nginx in front of several): read before each request. */
  base: () => string;
  members: Browser[];
  /** The most messages each member sends. */
  messagesPerMember: number;
  /** Listings each member creates along the way (Bronze allows 3 active). */
  listingsPerMember: number;
  /** Sign-ups to make (each tried once; a failed one is not made up for past three times this). */
  signUps: number;
  /** Pause between one member's writes, and between sign-ups. */
  pauseMs: number;
  signUpPauseMs: number;
  /** How long a message that failed is sent again (same clientId) before the member gives up. */
  retryForMs: number;
  /** Addresses of the sign-ups: `<prefix><n>@faults.example.com`. */
  signUpPrefix: string;
  /** Where each write is recorded as it starts. */
  writes: Write[];
}

export interface Load {
  /** Stops starting new writes; resolves when the writes under way are done (retries included). */
  stop(): Promise<void>;
}

const LISTING_EVERY = 4;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A write is acknowledged by a 2xx answer; anything else (an error status, no answer) is a failure. */
async function attempt(
  write: Write,
  send: () => Promise<{ status: number; json: Record<string, unknown> }>,
): Promise<boolean> {
  write.attempts++;
  const sentAt = Date.now();
  try {
    const answer = await send();
    if (answer.status >= 200 && answer.status < 300) {
      write.acknowledged = { sentAt, at: Date.now() };
      return true;
    }
    const code = typeof answer.json.error === 'object' ? (answer.json.error as { code?: string }).code : '';
    write.lastError = `${answer.status}${code ? ` ${code}` : ''}`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    write.lastError = cause ?? (error instanceof Error ? error.name : String(error));
  }
  return false;
}

export function startLoad(options: LoadOptions): Load {
  const { writes } = options;
  let stopping = false;
  const record = (kind: WriteKind, key: string): Write => {
    const write: Write = { kind, key, attempts: 0, acknowledged: null, lastError: null };
    writes.push(write);
    return write;
  };

  async function member(browser: Browser, index: number): Promise<void> {
    for (let i = 0; i < options.messagesPerMember && !stopping; i++) {
      // A listing after every few messages, until the member has its share.
      if (i % LISTING_EVERY === LISTING_EVERY - 1 && browser.listings < options.listingsPerMember) {
        browser.listings++;
        const title = `Fault part ${index}-${i} ${randomUUID().slice(0, 8)}`;
        const write = record('listing', title);
        // Not sent again: a listing has no key that would make a second try harmless.
        await attempt(write, () => browser.call(options.base(), 'POST', '/api/listings', listingBody(title)));
      }
      const clientId = randomUUID();
      const write = record('message', clientId);
      const first = Date.now();
      const send = () =>
        browser.call(options.base(), 'POST', `/api/conversations/${browser.conversationId}/messages`, {
          content: `Message ${i} from member ${index}`,
          clientId,
        });
      while (!(await attempt(write, send)) && Date.now() - first < options.retryForMs) {
        const status = Number(write.lastError?.split(' ')[0]);
        // Refused for what it is (not for the moment): sending again changes nothing.
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) break;
        await sleep(250);
      }
      await sleep(options.pauseMs);
    }
  }

  /** `signUps` acknowledged, or three times as many tried (an outage would use them up quickly). */
  async function signUps(): Promise<void> {
    const browser = new Browser('');
    let acknowledged = 0;
    for (let i = 0; i < options.signUps * 3 && acknowledged < options.signUps && !stopping; i++) {
      const email = `${options.signUpPrefix}${i}@faults.example.com`;
      const write = record('sign-up', email);
      // One try, as a person who sees an error may or may not try again.
      const ok = await attempt(write, () =>
        browser.call(options.base(), 'POST', '/api/auth/sign-up', signUpBody(email), 20_000),
      );
      if (ok) acknowledged++;
      await sleep(ok ? options.signUpPauseMs : Math.max(1_000, options.signUpPauseMs));
    }
  }

  const running = Promise.all([...options.members.map((browser, i) => member(browser, i)), signUps()]);
  return {
    async stop() {
      stopping = true;
      await running;
    },
  };
}
