// A stand-in for Stripe on a local port, for the end-to-end journeys of Stripe billing (there is no
// network here): the API calls the app makes (Checkout Sessions, billing portal sessions, subscriptions),
// Checkout's hosted page with a "Pay" button, and the signed webhooks Stripe would send the app. A
// test-only control endpoint makes a subscription's payment fail or succeed, as a bank would.
//
// Imported by scripts/e2e-server.mjs when E2E_STRIPE_PORT is set. It listens on that port and delivers
// its events to E2E_STRIPE_WEBHOOK_URL (default: the app on PORT), signed with STRIPE_WEBHOOK_SECRET.
import { createServer } from 'node:http';
import Stripe from 'stripe';

const port = Number(process.env.E2E_STRIPE_PORT);
const webhookUrl =
  process.env.E2E_STRIPE_WEBHOOK_URL ?? `http://127.0.0.1:${process.env.PORT}/api/billing/webhook`;
const webhookSecret = process.env.STRIPE_WEBHOOK_SECRET ?? '';
const origin = `http://localhost:${port}`;
const signer = new Stripe('sk_test_standin_signer');

// Ids unique to this start, so a second run never replays a recorded event id.
const run = Date.now().toString(36);
let counter = 0;
const nextId = (prefix) => `${prefix}_${run}_${++counter}`;

/** Checkout Sessions by id: what the app asked for. */
const sessions = new Map();
/** Subscriptions by id, as Stripe would hold them. */
const subscriptions = new Map();

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

/** Sends one signed event to the app's webhook; returns the app's status. */
async function deliver(type, object) {
  const payload = JSON.stringify({
    id: nextId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: { object },
  });
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    },
    body: payload,
  });
  return response.status;
}

const invoiceFor = (subscription) => ({
  id: nextId('in'),
  object: 'invoice',
  customer: subscription.customer,
  billing_reason: 'subscription_cycle',
  parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
});

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

/** Stripe's API takes form-encoded bodies (nested as `metadata[userId]`); the control endpoint JSON. */
function parseBody(raw, contentType) {
  if ((contentType ?? '').includes('application/json')) return raw ? JSON.parse(raw) : {};
  return Object.fromEntries(new URLSearchParams(raw));
}

async function handle(method, path, query, body) {
  if (method === 'POST' && path === '/v1/checkout/sessions') {
    const id = nextId('cs_test');
    const session = {
      id,
      userId: body['metadata[userId]'] ?? body.client_reference_id ?? null,
      plan: body['metadata[plan]'] ?? null,
      price: body['line_items[0][price]'] ?? null,
      customer: body.customer ?? null,
      customerEmail: body.customer_email ?? null,
      successUrl: body.success_url,
      cancelUrl: body.cancel_url,
    };
    sessions.set(id, session);
    return {
      json: {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        customer_email: session.customerEmail,
        metadata: { userId: session.userId, plan: session.plan },
        url: `${origin}/c/pay/${id}`,
      },
    };
  }

  const pay = /^\/c\/pay\/([\w-]+)$/.exec(path);
  if (pay) {
    const session = sessions.get(pay[1]);
    if (!session) return { status: 404, html: page('Checkout not found', '') };
    if (method === 'GET')
      return {
        html: page(
          'Pay ModMarket',
          `<p>Subscribe to ${escapeHtml(session.plan)} as ${escapeHtml(session.customerEmail ?? session.customer)}.</p>
      <form method="post" action="/c/pay/${escapeHtml(session.id)}">
        <button type="submit">Pay</button>
      </form>
      <p><a href="${escapeHtml(session.cancelUrl)}">Cancel</a></p>`,
        ),
      };
    // Paid: the subscription exists, Stripe tells the app by webhook, and the member goes back.
    const subscription = {
      id: nextId('sub'),
      customer: session.customer ?? nextId('cus'),
      status: 'active',
      price: session.price,
      cancelAtPeriodEnd: false,
      periodEnd: Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
      metadata: { userId: session.userId, plan: session.plan },
      email: session.customerEmail,
    };
    subscriptions.set(subscription.id, subscription);
    const status = await deliver('checkout.session.completed', {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      payment_status: 'paid',
      customer: subscription.customer,
      customer_email: session.customerEmail,
      subscription: subscription.id,
      client_reference_id: session.userId,
      metadata: { userId: session.userId, plan: session.plan },
    });
    if (status !== 200) return { status: 502, html: page(`The app answered ${status}`, '') };
    return { status: 303, location: session.successUrl };
  }

  if (method === 'POST' && path === '/v1/billing_portal/sessions')
    return {
      json: {
        id: nextId('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `${origin}/p/session/${encodeURIComponent(body.customer ?? '')}?return_url=${encodeURIComponent(body.return_url ?? '')}`,
      },
    };

  const portal = /^\/p\/session\/([\w-]+)$/.exec(path);
  if (method === 'GET' && portal) return { html: page('Billing portal', `<p>${escapeHtml(portal[1])}</p>`) };

  const api = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path);
  if (api) {
    const subscription = subscriptions.get(api[1]);
    if (!subscription) return { status: 404, json: { error: { message: 'No such subscription' } } };
    // An update with pending_if_incomplete leaves the price as it is until its invoice is paid, and
    // Stripe says so later, by webhook: only cancel_at_period_end changes here.
    if (method === 'POST' && body.cancel_at_period_end !== undefined)
      subscription.cancelAtPeriodEnd = body.cancel_at_period_end === 'true';
    return { json: subscriptionObject(subscription) };
  }

  // Test only: the journey does not see Stripe's ids, so it finds its member's subscription by email.
  if (method === 'GET' && path === '/test/subscriptions') {
    const email = new URLSearchParams(query).get('email');
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
    const statuses =
      body.status === 'past_due'
        ? [
            await deliver('invoice.payment_failed', invoiceFor(subscription)),
            await deliver('customer.subscription.updated', subscriptionObject(subscription)),
          ]
        : [
            await deliver('invoice.paid', invoiceFor(subscription)),
            await deliver('customer.subscription.updated', subscriptionObject(subscription)),
          ];
    const ok = statuses.every((status) => status === 200);
    return { status: ok ? 200 : 502, json: { subscription: subscription.id, webhooks: statuses } };
  }

  return { status: 404, json: { error: { message: `not stood in for: ${method} ${path}` } } };
}

const server = createServer((req, res) => {
  let raw = '';
  req.on('data', (chunk) => (raw += chunk.toString()));
  req.on('end', () => {
    const [path = '', query = ''] = (req.url ?? '').split('?');
    Promise.resolve()
      .then(() => handle(req.method ?? 'GET', path, query, parseBody(raw, req.headers['content-type'])))
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
        console.error('e2e-stripe:', error);
        res.statusCode = 500;
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ error: { message: String(error) } }));
      });
  });
});

await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, '127.0.0.1', resolve);
});
server.unref();
