import { eq } from 'drizzle-orm';
import { users } from '@server/db/schema';
import type { TestApp } from './test-app';
import { TestBrowser, linkToken, readAnswer } from './test-browser';

let counter = 0;
export const MEMBER_PASSWORD = 'Sup3r$ecret';

/** What the member helpers need of an app: the test app, or a running server's (`serverHarness`). */
export type MemberHost = Pick<TestApp, 'app' | 'runJobs' | 'mailTo' | 'database'>;

/**
 * A confirmed member, signed in on the returned browser, with the names they give before a first
 * message or listing (sign-up asks for none); `named: false` leaves them without.
 */
export async function signedInMember(
  t: MemberHost,
  options: {
    firstName?: string;
    lastName?: string;
    plan?: 'bronze' | 'gold' | 'platinum';
    named?: boolean;
  } = {},
): Promise<{ browser: TestBrowser; email: string; id: string }> {
  const n = ++counter;
  const email = `member${n}.${process.pid}@parts-${n}.example.com`;
  const browser = new TestBrowser(t, `203.0.113.${(n % 250) + 1}`);
  const signedUp = await readAnswer(
    browser.api.auth['sign-up'].$post({
      json: {
        email,
        password: MEMBER_PASSWORD,
        confirmPassword: MEMBER_PASSWORD,
      },
    }),
  );
  await t.runJobs();
  const mail = (await t.mailTo(email))[0];
  if (!mail)
    throw new Error(
      `no confirmation email (sign-up answered ${signedUp.status} ${JSON.stringify(signedUp.body)})`,
    );
  await browser.api.auth['confirm-email'].$post({ json: { token: linkToken(mail.text, '/confirm-signup') } });
  const signedIn = await readAnswer(
    browser.api.auth['sign-in'].$post({
      json: {
        email,
        password: MEMBER_PASSWORD,
      },
    }),
  );
  if (signedIn.status !== 200 || !('user' in signedIn.body))
    throw new Error(`sign-in failed: ${signedIn.status}`);
  if (options.named !== false) {
    const named = await browser.api.account.name.$put({
      json: { firstName: options.firstName ?? 'Sam', lastName: options.lastName ?? 'Rivera' },
    });
    if (named.status !== 200) throw new Error(`naming failed: ${named.status}`);
  }
  if (options.plan)
    await t.database.db.update(users).set({ plan: options.plan }).where(eq(users.email, email));
  return { browser, email, id: signedIn.body.user.id };
}

/**
 * The member comes back after the app's clock has moved on (their session ended meanwhile) and signs in
 * again on the same browser.
 */
export async function signInAgain(member: { browser: TestBrowser; email: string }): Promise<void> {
  const answer = await readAnswer(
    member.browser.api.auth['sign-in'].$post({ json: { email: member.email, password: MEMBER_PASSWORD } }),
  );
  if (answer.status !== 200) throw new Error(`sign-in again failed: ${answer.status}`);
}
