import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The plain-text part, decoded. */
  text: string;
  /** The HTML part, decoded. */
  html: string;
}

function mailDir(): string {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set (see playwright.config.ts)');
  return dir;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeBody(text.replace(/_/g, ' '), 'quoted-printable'),
  );
}

/** Enough MIME for what nodemailer sends: a multipart/alternative with a text and an HTML part. */
function parse(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(headers)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  const parts = boundary ? rest.join('\n\n').split(`--${boundary}`) : [rest.join('\n\n')];
  let text = '';
  let html = '';
  for (const part of parts) {
    const [partHead = '', ...partBody] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const encoding = /content-transfer-encoding: *([\w-]+)/i.exec(partHead)?.[1]?.toLowerCase();
    const body = decodeBody(partBody.join('\n\n').trim(), encoding);
    if (/content-type: *text\/plain/i.test(partHead)) text = body;
    if (/content-type: *text\/html/i.test(partHead)) html = body;
  }
  return { to, subject, text, html };
}

export function mailsTo(address: string): ReceivedMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address.toLowerCase()))
    .map((mail) => parse(mail.raw, mail.to));
}

/** Waits for the `count`-th email to an address and returns it. */
export async function waitForMail(address: string, count = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address)[count - 1];
        return Boolean(found);
      },
      { timeout: 15_000, message: `email #${count} to ${address}` },
    )
    .toBe(true);
  return found!;
}

/** The first link to `pathname` in the email's plain text, as a path the test browser can open. */
export function linkIn(mail: ReceivedMail, pathname: string): string {
  const match = new RegExp(`https?://[^\\s]+${pathname}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

let counter = 0;
/** A fresh address per test run and worker. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}${process.pid}${++counter}@garage.example.com`;
}

/**
 * A word no other test run has used (letters only, so search takes it as one word): titles and
 * searches that carry it find this run's data only, however often the suite is repeated.
 */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'zx';
  for (let i = 0; i < 8; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}
