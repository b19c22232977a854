import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { escapeHtml } from '@common/rendering';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}
iframe{width:100%;height:36rem;border:1px solid #e2e8f0;border-radius:.5rem}pre{white-space:pre-wrap;background:#f1f5f9;padding:1rem;border-radius:.5rem}</style>
</head><body>${body}</body></html>`;
}

/**
 * The development mailbox: every email kept in the outbox when no SMTP server is configured.
 * Mounted only outside production, since it shows every member's links.
 */
export function devMailbox(db: Db) {
  const app = new Hono();
  app.get('/', async (c) => {
    const messages = await db
      .select({
        id: mailOutbox.id,
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.id))
      .limit(100);
    const rows = messages
      .map(
        (m) =>
          `<tr><td>${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${escapeHtml(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${escapeHtml(m.subject)}</a></td></tr>`,
      )
      .join('');
    const body = messages.length
      ? `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : '<p>No email yet. Sign up or ask for a password reset, then reload.</p>';
    c.header('Cache-Control', 'no-store');
    return c.html(
      page('Dev mailbox', `<h1>Dev mailbox</h1><p>The 100 newest emails, development only.</p>${body}`),
    );
  });
  app.get('/:id{[0-9]+}', async (c) => {
    const rows = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, Number(c.req.param('id'))))
      .limit(1);
    const message = rows[0];
    if (!message) return c.notFound();
    c.header('Cache-Control', 'no-store');
    return c.html(
      page(
        message.subject,
        `<p><a href="/dev/mailbox">← All emails</a></p><h1>${escapeHtml(message.subject)}</h1><p>To: ${escapeHtml(message.to)}</p>` +
          `<iframe sandbox="allow-top-navigation-by-user-activation allow-popups" srcdoc="${escapeHtml(message.html)}" title="HTML"></iframe>` +
          `<h2>Plain text</h2><pre>${escapeHtml(message.text)}</pre>`,
      ),
    );
  });
  return app;
}
