import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';

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

/** Reads one stored message (raw MIME, as the SMTP listener received it) with mailparser. */
async function parse(raw: string, to: string[]): Promise<ReceivedMail> {
  const mail = await simpleParser(raw);
  return { to, subject: mail.subject ?? '', text: mail.text ?? '', html: mail.html || '' };
}

export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const dir = mailDir();
  const stored = readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address.toLowerCase()));
  return Promise.all(stored.map((mail) => parse(mail.raw, mail.to)));
}

/** Waits for the `count`-th email to an address and returns it. */
export async function waitForMail(address: string, count = 1): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address))[count - 1];
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
