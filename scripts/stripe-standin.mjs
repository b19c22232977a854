// A stand-in for Stripe on a local port (there is no network here), for the journeys and the API tests
// of Stripe billing and of orders. It answers the API calls the app makes, with Stripe's shapes:
//
// - Billing: Checkout Sessions in subscription mode, billing portal sessions, subscriptions.
// - Orders: Checkout Sessions in payment mode (retrieve, expire), payment intents, Connect accounts and
//   account links, transfers (and their reversals) and refunds, card disputes, and the lists the hourly
//   reconciliation reads.
//
// It serves the hosted pages a person meets (Checkout's "Pay", Connect's onboarding) and sends the
// signed webhooks Stripe would send. POSTs with an Idempotency-Key answer a repeat with the first
// answer, as Stripe does, so a retried transfer or refund moves no money twice; a second refund of one
// payment is refused as Stripe refuses it.
//
// For tests it can hold events and deliver them later, in reverse, or again (replays), and it keeps
// a ledger of the money it moved. scripts/e2e-stripe.mjs starts it for the journeys.
import { createServer } from 'node:http';
import Stripe from 'stripe';

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title, body) => `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
  <body>
    <main>
      <h1>${escapeHtml(title)}</h1>
      ${body}
    </main>
  </body>
</html>`;

/** Stripe's API takes form-encoded bodies (nested as `metadata[userId]`); the control endpoints JSON. */
function parseBody(raw, contentType) {
  if ((contentType ?? '').includes('application/json')) return raw ? JSON.parse(raw) : {};
  return Object.fromEntries(new URLSearchParams(raw));
}

/** The `metadata[...]` fields of a form-encoded body, as an object. */
const metadataOf = (body, prefix = 'metadata') =>
  Object.fromEntries(
    Object.entries(body)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );

const notFound = (what) => ({
  status: 404,
  json: { error: { type: 'invalid_request_error', message: `No such ${what}` } },
});
const refused = (code, message) => ({
  status: 400,
  json: { error: { type: 'invalid_request_error', code, message } },
});

/**
 * Starts the stand-in. `deliver(payload, signature)` sends a signed event to the app and gives its
 * status; by default a POST to `webhookUrl`.
 */
export async function startStripeStandin(options = {}) {
  const webhookSecret = options.webhookSecret ?? '';
  const connectWebhookSecret = options.connectWebhookSecret ?? webhookSecret;
  const signer = new Stripe('sk_test_standin_signer');
  const post =
    options.deliver ??
    (async (payload, signature) => {
      const response = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
        body: payload,
      });
      return response.status;
    });

  // Ids unique to this start, so a second run never replays a recorded event id.
  const run = Date.now().toString(36);
  let counter = 0;
  const nextId = (prefix) => `${prefix}_${run}_${++counter}`;
  const now = () => Math.floor(Date.now() / 1000);

  const sessions = new Map();
  const subscriptions = new Map();
  const accounts = new Map();
  const paymentIntents = new Map();
  const transfers = new Map();
  const refunds = new Map();
  const reversals = new Map();
  const disputes = new Map();
  /** Answers to POSTs by their Idempotency-Key. */
  const idempotent = new Map();
  /** Every event sent (or held), in the order Stripe made them. */
  const events = [];
  let holding = false;
  const held = [];
  /** Every API call, as `METHOD /path`. */
  const calls = [];

  /**
   * Sends one event; with `retryForMs`, a delivery the app does not take (down, or not 2xx) is tried
   * again, as Stripe retries, and the status is the last one.
   */
  async function send(event) {
    const payload = JSON.stringify(event);
    const secret = event.account ? connectWebhookSecret : webhookSecret;
    const until = Date.now() + (options.retryForMs ?? 0);
    for (;;) {
      const status = await post(payload, signer.webhooks.generateTestHeaderString({ payload, secret })).catch(
        () => 0,
      );
      if ((status >= 200 && status < 300) || Date.now() >= until) return status;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /** Makes one event and sends it (or holds it, when the test asked); the app's status, or 200 when held. */
  async function emit(type, object, extra = {}) {
    const event = {
      id: nextId('evt'),
      object: 'event',
      type,
      created: now(),
      livemode: false,
      ...extra,
      data: { object: structuredClone(object) },
    };
    events.push(event);
    if (holding) {
      held.push(event);
      return 200;
    }
    return send(event);
  }

  const subscriptionObject = (subscription) => ({
    id: subscription.id,
    object: 'subscription',
    status: subscription.status,
    customer: subscription.customer,
    cancel_at_period_end: subscription.cancelAtPeriodEnd,
    metadata: subscription.metadata,
    items: {
      object: 'list',
      data: [
        {
          id: `si_${subscription.id}`,
          object: 'subscription_item',
          price: { id: subscription.price, object: 'price' },
          current_period_end: subscription.periodEnd,
        },
      ],
    },
  });

  const invoiceFor = (subscription) => ({
    id: nextId('in'),
    object: 'invoice',
    customer: subscription.customer,
    billing_reason: 'subscription_cycle',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  });

  const origin = () => `http://localhost:${port}`;

  const sessionObject = (session) => ({
    id: session.id,
    object: 'checkout.session',
    mode: session.mode,
    status: session.status,
    payment_status: session.paymentStatus,
    amount_total: session.amountTotal,
    currency: 'usd',
    customer: session.customer,
    customer_email: session.customerEmail,
    client_reference_id: session.clientReferenceId,
    payment_intent: session.paymentIntent,
    subscription: session.subscription ?? null,
    metadata: session.metadata,
    expires_at: session.expiresAt,
    created: session.created,
    url: session.status === 'open' ? `${origin()}/c/pay/${session.id}` : null,
  });

  const accountObject = (account) => ({
    id: account.id,
    object: 'account',
    type: 'express',
    email: account.email,
    charges_enabled: account.ready,
    payouts_enabled: account.ready,
    details_submitted: account.ready,
    metadata: account.metadata,
  });

  /** A list in Stripe's shape, newest first, filtered by `created[gte]` and paged by `starting_after`. */
  function listOf(objects, query) {
    const since = Number(query.get('created[gte]') ?? 0);
    const limit = Math.min(Number(query.get('limit') ?? 10), 100);
    let sorted = [...objects].filter((object) => object.created >= since).reverse();
    const after = query.get('starting_after');
    if (after) sorted = sorted.slice(sorted.findIndex((object) => object.id === after) + 1);
    return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url: '' };
  }

  /** The amount left to refund of a payment intent. */
  const refundedOf = (intentId) =>
    [...refunds.values()]
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, r) => sum + r.amount, 0);

  async function api(method, path, query, body) {
    // Billing: subscription checkout; orders: payment checkout.
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const id = nextId('cs_test');
      const amounts = Object.entries(body)
        .filter(([key]) => /^line_items\[\d+\]\[price_data\]\[unit_amount\]$/.test(key))
        .map(([, value]) => Number(value));
      const mode = body.mode ?? 'subscription';
      const metadata = metadataOf(body);
      const session = {
        id,
        mode,
        status: 'open',
        paymentStatus: 'unpaid',
        amountTotal: mode === 'payment' ? amounts.reduce((sum, amount) => sum + amount, 0) : null,
        customer: body.customer ?? null,
        customerEmail: body.customer_email ?? null,
        clientReferenceId: body.client_reference_id ?? null,
        paymentIntent: null,
        metadata,
        intentMetadata: metadataOf(body, 'payment_intent_data[metadata]'),
        transferGroup: body['payment_intent_data[transfer_group]'] ?? null,
        userId: metadata.userId ?? body.client_reference_id ?? null,
        plan: metadata.plan ?? null,
        price: body['line_items[0][price]'] ?? null,
        expiresAt: body.expires_at ? Number(body.expires_at) : now() + 24 * 3600,
        created: now(),
        successUrl: body.success_url,
        cancelUrl: body.cancel_url,
      };
      sessions.set(id, session);
      return { json: sessionObject(session) };
    }

    const checkout = /^\/v1\/checkout\/sessions\/([\w-]+)(\/expire)?$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1]);
      if (!session) return notFound('checkout.session');
      if (method === 'POST' && checkout[2]) {
        if (session.status !== 'open')
          return refused('checkout_session_not_open', 'Only open sessions can be expired');
        session.status = 'expired';
        await emit('checkout.session.expired', sessionObject(session));
      }
      return { json: sessionObject(session) };
    }

    if (method === 'GET' && path === '/v1/checkout/sessions')
      return {
        json: listOf([...sessions.values()].filter((s) => s.mode === 'payment').map(sessionObject), query),
      };

    const intent = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path);
    if (method === 'GET' && intent) {
      const found = paymentIntents.get(intent[1]);
      return found ? { json: found } : notFound('payment_intent');
    }

    // Connect: an Express account, and a link to its hosted onboarding.
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: nextId('acct'),
        email: body.email ?? null,
        ready: false,
        metadata: metadataOf(body),
      };
      accounts.set(account.id, account);
      return { json: accountObject(account) };
    }
    const accountPath = /^\/v1\/accounts\/([\w-]+)$/.exec(path);
    if (method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1]);
      return account ? { json: accountObject(account) } : notFound('account');
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(body.account)) return notFound('account');
      const link = new URLSearchParams({
        return_url: body.return_url ?? '',
        refresh_url: body.refresh_url ?? '',
      });
      return {
        json: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${origin()}/connect/onboard/${body.account}?${link}`,
        },
      };
    }

    // Money out: transfers to connected accounts, refunds to buyers.
    if (method === 'POST' && path === '/v1/transfers') {
      const account = accounts.get(body.destination);
      if (!account) return notFound('account');
      if (!account.ready)
        return refused(
          'insufficient_capabilities_for_transfer',
          'The destination account cannot receive transfers',
        );
      const transfer = {
        id: nextId('tr'),
        object: 'transfer',
        amount: Number(body.amount),
        currency: body.currency ?? 'usd',
        destination: body.destination,
        source_transaction: body.source_transaction ?? null,
        transfer_group: body.transfer_group ?? null,
        metadata: metadataOf(body),
        created: now(),
      };
      transfers.set(transfer.id, transfer);
      return { json: transfer };
    }
    if (method === 'GET' && path === '/v1/transfers') return { json: listOf(transfers.values(), query) };
    // Taking back part or all of a transfer (a refund after the seller was paid).
    const reversalPath = /^\/v1\/transfers\/([\w-]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversalPath) {
      const transfer = transfers.get(reversalPath[1]);
      if (!transfer) return notFound('transfer');
      const left = transfer.amount - (transfer.amount_reversed ?? 0);
      const amount = body.amount ? Number(body.amount) : left;
      if (amount > left) return refused('amount_too_large', 'Reversal amount is greater than what is left');
      transfer.amount_reversed = (transfer.amount_reversed ?? 0) + amount;
      transfer.reversed = transfer.amount_reversed === transfer.amount;
      const reversal = {
        id: nextId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: 'usd',
        transfer: transfer.id,
        metadata: metadataOf(body),
        created: now(),
      };
      reversals.set(reversal.id, reversal);
      return { json: reversal };
    }
    const transferPath = /^\/v1\/transfers\/([\w-]+)$/.exec(path);
    if (method === 'GET' && transferPath) {
      const found = transfers.get(transferPath[1]);
      return found ? { json: found } : notFound('transfer');
    }

    if (method === 'POST' && path === '/v1/refunds') {
      const paid = paymentIntents.get(body.payment_intent);
      if (!paid) return notFound('payment_intent');
      const left = paid.amount - refundedOf(paid.id);
      const amount = body.amount ? Number(body.amount) : left;
      if (left <= 0) return refused('charge_already_refunded', 'This charge has already been refunded');
      if (amount > left)
        return refused('amount_too_large', 'Refund amount is greater than unrefunded amount');
      const refund = {
        id: nextId('re'),
        object: 'refund',
        amount,
        currency: 'usd',
        payment_intent: paid.id,
        charge: paid.latest_charge,
        status: 'succeeded',
        metadata: metadataOf(body),
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { json: refund };
    }
    if (method === 'GET' && path === '/v1/refunds') return { json: listOf(refunds.values(), query) };
    const refundPath = /^\/v1\/refunds\/([\w-]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const found = refunds.get(refundPath[1]);
      return found ? { json: found } : notFound('refund');
    }

    // Billing.
    if (method === 'POST' && path === '/v1/billing_portal/sessions')
      return {
        json: {
          id: nextId('bps'),
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${origin()}/p/session/${encodeURIComponent(body.customer ?? '')}?return_url=${encodeURIComponent(body.return_url ?? '')}`,
        },
      };
    const subscriptionPath = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
    if (subscriptionPath) {
      const subscription = subscriptions.get(subscriptionPath[1]);
      if (!subscription) return notFound('subscription');
      // An update with pending_if_incomplete leaves the price as it is until its invoice is paid, and
      // Stripe says so later, by webhook: only cancel_at_period_end changes here.
      if (method === 'POST' && body.cancel_at_period_end !== undefined)
        subscription.cancelAtPeriodEnd = body.cancel_at_period_end === 'true';
      return { json: subscriptionObject(subscription) };
    }
    return null;
  }

  /** The buyer pays at Checkout: a subscription, or a payment the platform keeps for the order. */
  async function pay(session) {
    if (session.mode === 'subscription') {
      const subscription = {
        id: nextId('sub'),
        customer: session.customer ?? nextId('cus'),
        status: 'active',
        price: session.price,
        cancelAtPeriodEnd: false,
        periodEnd: now() + 30 * 24 * 3600,
        metadata: { userId: session.userId, plan: session.plan },
        email: session.customerEmail,
      };
      subscriptions.set(subscription.id, subscription);
      session.status = 'complete';
      session.paymentStatus = 'paid';
      session.customer = subscription.customer;
      session.subscription = subscription.id;
      return emit('checkout.session.completed', sessionObject(session));
    }
    const intent = {
      id: nextId('pi'),
      object: 'payment_intent',
      amount: session.amountTotal,
      amount_received: session.amountTotal,
      currency: 'usd',
      status: 'succeeded',
      latest_charge: nextId('ch'),
      transfer_group: session.transferGroup,
      metadata: session.intentMetadata,
      created: now(),
    };
    paymentIntents.set(intent.id, intent);
    session.status = 'complete';
    session.paymentStatus = 'paid';
    session.paymentIntent = intent.id;
    return emit('checkout.session.completed', sessionObject(session));
  }

  async function hostedPages(method, path, query) {
    const payPath = /^\/c\/pay\/([\w-]+)$/.exec(path);
    if (payPath) {
      const session = sessions.get(payPath[1]);
      if (!session) return { status: 404, html: page('Checkout not found', '') };
      if (session.status !== 'open') return { status: 410, html: page('This checkout has ended', '') };
      const what =
        session.mode === 'subscription'
          ? `Subscribe to ${escapeHtml(session.plan)} as ${escapeHtml(session.customerEmail ?? session.customer)}.`
          : `Pay $${(session.amountTotal / 100).toFixed(2)} as ${escapeHtml(session.customerEmail)}.`;
      if (method === 'GET')
        return {
          html: page(
            'Pay ModMarket',
            `<p>${what}</p>
      <form method="post" action="/c/pay/${escapeHtml(session.id)}">
        <button type="submit">Pay</button>
      </form>
      <p><a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>`,
          ),
        };
      const status = await pay(session);
      if (status !== 200) return { status: 502, html: page(`The app answered ${status}`, '') };
      return { status: 303, location: session.successUrl };
    }

    const onboard = /^\/connect\/onboard\/([\w-]+)$/.exec(path);
    if (onboard) {
      const account = accounts.get(onboard[1]);
      if (!account) return { status: 404, html: page('Account not found', '') };
      const links = new URLSearchParams(query);
      if (method === 'GET')
        return {
          html: page(
            'Set up payouts',
            `<p>Payouts for ${escapeHtml(account.email)}.</p>
      <form method="post" action="/connect/onboard/${escapeHtml(account.id)}?${escapeHtml(links.toString())}">
        <button type="submit">Submit</button>
      </form>`,
          ),
        };
      account.ready = true;
      const status = await emit('account.updated', accountObject(account), { account: account.id });
      if (status !== 200) return { status: 502, html: page(`The app answered ${status}`, '') };
      return { status: 303, location: links.get('return_url') };
    }

    const portal = /^\/p\/session\/([\w-]+)$/.exec(path);
    if (method === 'GET' && portal)
      return { html: page('Billing portal', `<p>${escapeHtml(portal[1])}</p>`) };
    return null;
  }

  async function controls(method, path, query, body) {
    // Journeys do not see Stripe's ids, so they find their member's subscription by email.
    if (method === 'GET' && path === '/test/subscriptions') {
      const email = query.get('email');
      const found = [...subscriptions.values()].filter(
        (subscription) => subscription.email?.toLowerCase() === email?.toLowerCase(),
      );
      return { json: { ids: found.map((subscription) => subscription.id) } };
    }
    const control = /^\/test\/subscriptions\/([\w-]+)\/status$/.exec(path);
    if (method === 'POST' && control) {
      const subscription = subscriptions.get(control[1]);
      if (!subscription) return { status: 404, json: { error: 'no such subscription' } };
      if (body.status !== 'past_due' && body.status !== 'active')
        return { status: 400, json: { error: 'status: past_due or active' } };
      subscription.status = body.status;
      const statuses = [
        await emit(
          body.status === 'past_due' ? 'invoice.payment_failed' : 'invoice.paid',
          invoiceFor(subscription),
        ),
        await emit('customer.subscription.updated', subscriptionObject(subscription)),
      ];
      const ok = statuses.every((status) => status === 200);
      return { status: ok ? 200 : 502, json: { subscription: subscription.id, webhooks: statuses } };
    }
    // The money moved, for a journey to check: transfers and refunds by order.
    if (method === 'GET' && path === '/test/ledger') return { json: standin.ledger() };
    // The buyer's bank disputes the payment of an order (found by its metadata), as Stripe reports it.
    const disputeControl = /^\/test\/orders\/([\w-]+)\/card-dispute$/.exec(path);
    if (method === 'POST' && disputeControl) {
      const status = await standin.dispute(disputeControl[1], body.status);
      return { status: status === 200 ? 200 : 502, json: { webhook: status } };
    }
    return null;
  }

  async function handle(method, path, query, body, idempotencyKey) {
    calls.push(`${method} ${path}`);
    const key = method === 'POST' && idempotencyKey ? `${path} ${idempotencyKey}` : null;
    if (key && idempotent.has(key)) return idempotent.get(key);
    const made = await api(method, path, query, body);
    // What Stripe did is done; a test may now break the caller before it hears the answer.
    if (made && options.afterCall) await options.afterCall(method, path, made);
    const answer = made ??
      (await hostedPages(method, path, query)) ??
      (await controls(method, path, query, body)) ?? {
        status: 404,
        json: { error: { message: `not stood in for: ${method} ${path}` } },
      };
    if (key && (answer.status ?? 200) < 500) idempotent.set(key, answer);
    return answer;
  }

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk.toString()));
    req.on('end', () => {
      const [path = '', query = ''] = (req.url ?? '').split('?');
      Promise.resolve()
        .then(() =>
          handle(
            req.method ?? 'GET',
            path,
            new URLSearchParams(query),
            parseBody(raw, req.headers['content-type']),
            req.headers['idempotency-key'],
          ),
        )
        .then((answer) => {
          res.statusCode = answer.status ?? 200;
          if (answer.location) res.setHeader('Location', answer.location);
          if (answer.html !== undefined) {
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(answer.html);
          } else {
            res.setHeader('Content-Type', 'application/json');
            res.end(answer.json === undefined ? '' : JSON.stringify(answer.json));
          }
        })
        .catch((error) => {
          console.error('stripe stand-in:', error);
          res.statusCode = 500;
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ error: { message: String(error) } }));
        });
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  if (options.unref) server.unref();
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const standin = {
    port,
    origin: origin(),
    calls,
    events,
    /** Makes and sends an event of the test's own (a late or stale one); the app's status. */
    emit,
    /** From now on events are kept, not sent, until `release`. */
    hold() {
      holding = true;
    },
    /** Sends the held events, in the order made or reversed; the app's statuses. */
    async release({ reverse = false } = {}) {
      holding = false;
      const batch = held.splice(0, held.length);
      if (reverse) batch.reverse();
      const statuses = [];
      for (const event of batch) statuses.push(await send(event));
      return statuses;
    },
    /** Sends an event again, byte for byte the same event (Stripe retries and replays so). */
    redeliver(eventId) {
      const event = events.find((candidate) => candidate.id === eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      return send(event);
    },
    /** Pays an open checkout as the buyer would on its page; the app's status for the event. */
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session || session.status !== 'open') throw new Error(`no open checkout ${sessionId}`);
      return pay(session);
    },
    /** Finishes a connected account's onboarding, as the seller would on its page. */
    onboard(accountId) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      account.ready = true;
      return emit('account.updated', accountObject(account), { account: account.id });
    },
    /**
     * The buyer's bank disputes an order's payment (`charge.dispute.created`), or closes the dispute it
     * opened (`status`: won or lost, `charge.dispute.closed`). The app's status.
     */
    dispute(orderId, status) {
      const intent = [...paymentIntents.values()].find((pi) => pi.metadata?.orderId === orderId);
      if (!intent) throw new Error(`no payment for order ${orderId}`);
      let dispute = [...disputes.values()].find((d) => d.payment_intent === intent.id);
      if (!dispute) {
        dispute = {
          id: nextId('dp'),
          object: 'dispute',
          amount: intent.amount,
          currency: 'usd',
          charge: intent.latest_charge,
          payment_intent: intent.id,
          reason: 'product_not_received',
          status: 'needs_response',
          created: now(),
        };
        disputes.set(dispute.id, dispute);
        if (!status) return emit('charge.dispute.created', dispute);
      }
      dispute.status = status;
      return emit('charge.dispute.closed', dispute);
    },
    /** The money moved: transfers (with what was taken back) and refunds, each with its order. */
    ledger() {
      return {
        transfers: [...transfers.values()].map((t) => ({
          id: t.id,
          orderId: t.metadata.orderId ?? null,
          amount: t.amount,
          reversed: t.amount_reversed ?? 0,
          kind: t.metadata.kind ?? 'payout',
          destination: t.destination,
        })),
        refunds: [...refunds.values()].map((r) => ({
          id: r.id,
          orderId: r.metadata.orderId ?? null,
          amount: r.amount,
          paymentIntent: r.payment_intent,
        })),
      };
    },
    /** Stripe's objects, for a test that makes them disagree with the app (a reconciliation case). */
    objects: { sessions, accounts, paymentIntents, transfers, refunds, disputes },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
  return standin;
}
