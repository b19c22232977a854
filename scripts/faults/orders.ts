/**
 * The orders case: money under crashes. The app runs with Stripe pointed at the stand-in
 * (scripts/stripe-standin.mjs, in this process); sellers connect payouts and list parts, buyers pay at
 * Checkout, sellers ship (a Bronze seller is paid on shipment: a transfer) or cancel (a refund), each
 * step sent again after a failure as a person clicks again. The app is killed (SIGKILL) at the worst
 * moment twice: just after Stripe made a transfer and before the app heard of it, then the same for a
 * refund; it is started again on the same data. Then it counts, per order: the steps acknowledged and
 * applied, the transfers and refunds Stripe made (never two), and the money owed but never moved.
 */
import path from 'node:path';
import { startStripeStandin } from '../stripe-standin.mjs';
import { appProcess } from './app';
import { PORTS, prepareExperiment, running, type ExperimentOptions, type Row } from './experiment';
import { listingBody, newMember, type Browser } from './workload';

const SECRET = 'whsec_faults_standin';
const TRACKING = '1Z879E930346834440';
const ADDRESS = { name: 'Fault Drill', line1: '1 Crash Ct', city: 'Austin', state: 'TX', zip: '78701' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Step {
  order: string;
  kind: 'ship' | 'cancel';
  acknowledged: boolean;
  attempts: number;
}

/** Sends a step until it is acknowledged, or refused because it was already applied (409), or time runs out. */
async function until(
  send: () => Promise<{ status: number; json: Record<string, unknown> }>,
  retryForMs: number,
): Promise<{ ok: boolean; attempts: number; json: Record<string, unknown> }> {
  const first = Date.now();
  let attempts = 0;
  for (;;) {
    attempts++;
    const answer = await send().catch(() => ({ status: 0, json: {} as Record<string, unknown> }));
    if (answer.status >= 200 && answer.status < 300) return { ok: true, attempts, json: answer.json };
    // Already applied by an attempt whose answer was lost to the crash.
    if (answer.status === 409 && attempts > 1) return { ok: true, attempts, json: answer.json };
    if (Date.now() - first > retryForMs) return { ok: false, attempts, json: answer.json };
    await sleep(250);
  }
}

export async function runOrdersExperiment(options: ExperimentOptions): Promise<Row> {
  const { database, smtp, sizes } = options;
  const { tag, folder, say, databaseUrl } = await prepareExperiment(options);

  const port = PORTS.apps[0];
  const base = `http://127.0.0.1:${port}`;
  // Armed by the fault: the next transfer (then refund) Stripe makes kills the app before it hears back.
  let killOn: '/v1/transfers' | '/v1/refunds' | null = null;
  const crashes: string[] = [];
  const app = appProcess({
    port,
    dataDir: path.join(folder, 'data-1'),
    ...(databaseUrl ? { databaseUrl } : {}),
    smtpPort: smtp.port,
    publicUrl: `http://localhost:${port}`,
    logFile: path.join(folder, 'app-1.log'),
    env: {
      // Stripe's API at the stand-in: for development and tests only, so not as production.
      NODE_ENV: 'development',
      STRIPE_SECRET_KEY: 'sk_test_faults',
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_PRICE_GOLD: 'price_gold',
      STRIPE_PRICE_PLATINUM: 'price_platinum',
      STRIPE_API_URL: `http://127.0.0.1:${PORTS.stripe}`,
    },
  });
  const stripe = await startStripeStandin({
    port: PORTS.stripe,
    webhookUrl: `${base}/api/billing/webhook`,
    webhookSecret: SECRET,
    retryForMs: sizes.retryForMs,
    async afterCall(method, path) {
      if (method !== 'POST' || path !== killOn) return;
      killOn = null;
      const exit = await app.kill('SIGKILL');
      crashes.push(path);
      say(`app killed (${exit.signal}) after Stripe made ${path}, before the app heard; starting it again`);
      void app.start().catch((error: unknown) => say(`restart failed: ${String(error)}`));
    },
  });
  running.apps.add(app);

  const healthy = () =>
    fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
  const steps: Step[] = [];
  /** Acknowledged steps whose money Stripe has not moved: a shipment's transfer, a cancellation's refund. */
  const owedAndUnmoved = () => {
    const ledger = stripe.ledger();
    return steps.filter(
      (step) =>
        step.acknowledged &&
        !(step.kind === 'ship' ? ledger.transfers : ledger.refunds).some(
          (moved) => moved.orderId === step.order,
        ),
    );
  };
  const paid: string[] = [];
  let failedPlacing = 0;
  try {
    await app.start();
    const sellers: Browser[] = [];
    for (let i = 0; i < 2; i++) {
      const seller = await newMember(base, smtp, `seller${i}.${tag}@faults.example.com`);
      const { json } = await seller.call(base, 'POST', '/api/payouts/connect');
      const account = /\/connect\/onboard\/([\w-]+)\?/.exec(String(json.url))?.[1];
      if (!account) throw new Error(`no onboarding link: ${JSON.stringify(json)}`);
      await stripe.onboard(account);
      sellers.push(seller);
    }
    const buyers: Browser[] = [];
    for (let i = 0; i < sizes.members; i++)
      buyers.push(await newMember(base, smtp, `buyer${i}.${tag}@faults.example.com`));
    const perBuyer = Math.max(3, sizes.listingsPerMember);
    say(`app up; ${sellers.length} sellers with payouts, ${buyers.length} buyers, ${perBuyer} orders each`);

    say('fault: the app is killed right after Stripe makes a transfer, then again after a refund');
    killOn = '/v1/transfers';
    // Each buyer pays for their parts; the seller ships every other one and cancels the rest.
    const work = buyers.map(async (buyer, b) => {
      const seller = sellers[b % sellers.length]!;
      for (let i = 0; i < perBuyer; i++) {
        const listed = await until(
          () =>
            seller.call(base, 'POST', '/api/listings', {
              ...listingBody(`Fault order ${b}-${i} ${tag}`),
              shippingCents: 1000,
            }),
          sizes.retryForMs,
        );
        if (!listed.ok) {
          failedPlacing++;
          continue;
        }
        const placed = await until(
          () =>
            buyer.call(base, 'POST', `/api/listings/${String(listed.json.id)}/orders`, {
              delivery: 'ship',
              address: ADDRESS,
            }),
          sizes.retryForMs,
        );
        const session = /\/c\/pay\/([\w-]+)$/.exec(String(placed.json.payUrl ?? ''))?.[1];
        if (!placed.ok || !session) {
          failedPlacing++;
          continue;
        }
        const order = String(placed.json.orderId);
        await stripe.pay(session);
        paid.push(order);
        const kind = i % 2 === 0 ? 'ship' : 'cancel';
        const step: Step = { order, kind, acknowledged: false, attempts: 0 };
        steps.push(step);
        const done = await until(
          () =>
            kind === 'ship'
              ? seller.call(base, 'POST', `/api/orders/${order}/ship`, { trackingNumber: TRACKING })
              : seller.call(base, 'POST', `/api/orders/${order}/cancel`),
          sizes.retryForMs,
        );
        step.acknowledged = done.ok;
        step.attempts = done.attempts;
        await sleep(sizes.pauseMs);
      }
    });
    let workDone = false;
    const refundArmed = (async () => {
      while (killOn !== null && !workDone) await sleep(50);
      while (!(await healthy()) && !workDone) await sleep(50);
      if (!workDone) killOn = '/v1/refunds';
    })();
    await Promise.all(work);
    workDone = true;
    await refundArmed;
    while (!(await healthy())) await sleep(250);
    say(`load over: ${paid.length} orders paid; waiting for the payouts and refunds`);
    const deadline = Date.now() + sizes.settleMs;
    while (owedAndUnmoved().length && Date.now() < deadline) await sleep(500);
    // A moment more for a second transfer or refund on its way.
    await sleep(1_000);
  } finally {
    await app.kill('SIGTERM');
    running.apps.delete(app);
    await stripe.close();
  }

  const ledger = stripe.ledger();
  const transfersOf = (order: string) => ledger.transfers.filter((t) => t.orderId === order).length;
  const refundsOf = (order: string) => ledger.refunds.filter((r) => r.orderId === order).length;
  const doubled = paid.filter((order) => transfersOf(order) > 1 || refundsOf(order) > 1);
  const both = paid.filter((order) => transfersOf(order) > 0 && refundsOf(order) > 0);
  const unmoved = owedAndUnmoved();
  const acknowledged = steps.filter((step) => step.acknowledged);
  return {
    case: 'orders-sigkill',
    database,
    acknowledged: acknowledged.length,
    stored: acknowledged.length - unmoved.length,
    lost: unmoved.length,
    doubled: doubled.length + both.length,
    failed: steps.length - acknowledged.length + failedPlacing,
    emailsExpected: 0,
    emailsOnce: 0,
    emailsDuplicated: 0,
    emailsMissing: 0,
    emailsQueued: 0,
    writesBackSeconds: null,
    mailCaughtUpSeconds: null,
    moneyProblems: doubled.length + both.length + unmoved.length + (crashes.length < 2 ? 1 : 0),
    details: [
      `orders paid ${paid.length}, steps acknowledged ${acknowledged.length}/${steps.length}`,
      `transfers ${ledger.transfers.length}, refunds ${ledger.refunds.length}`,
      `moved twice ${doubled.length}, both paid out and refunded ${both.length}, owed and never moved ${unmoved.length}`,
      `crashes between Stripe and the app: ${crashes.join(', ') || 'none (the fault never fired)'}`,
    ].join('; '),
  };
}
