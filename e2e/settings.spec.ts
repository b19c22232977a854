import { expect, test, type Browser, type Page } from '@playwright/test';
import { generate } from 'otplib';
import { linkIn, uniqueEmail, waitForMail } from './support/mail';
import { PASSWORD, chooseLanguage, newMember, signIn } from './support/accounts';

const NEW_PASSWORD = 'Fr3sh!Gasket';

/** The member's settings, reached as a person would: through the account menu. */
async function openSettings(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  await expect(page).toHaveURL('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
}

/** The same member signed in on a second browser. */
async function secondBrowser(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth?mode=signin');
  await signIn(page, email, password);
  await expect(page).toHaveURL('/');
  return { context, page };
}

test('settings: edit names, phone, role and buying preferences; they stay after a reload', async ({
  page,
}) => {
  const email = uniqueEmail('settings');
  await newMember(page, email);
  await openSettings(page);

  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByLabel('First Name')).toHaveValue('Mika');
  await details.getByLabel('First Name').fill('');
  await details.getByLabel('Phone (optional)').fill('555 555 5555');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('Please enter your first name.')).toBeVisible();
  await expect(details.getByLabel('First Name')).toBeFocused();
  await details.getByLabel('First Name').fill('Kimi');
  await details.getByLabel('Phone (optional)').fill('(415) 867-2310');
  // A new phone number takes the current password.
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('Please enter your current password.')).toBeVisible();
  await details.getByLabel('Current Password').fill(PASSWORD);
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  // The menu shows the new first name.
  await expect(page.getByRole('button', { name: /Account menu for Kimi/ })).toBeVisible();

  const role = page.getByRole('region', { name: 'How you use ModMarket' });
  await role.getByRole('radio', { name: /Both/ }).check();
  await role.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('region', { name: 'Selling preferences' })).toBeVisible();

  const buying = page.getByRole('region', { name: 'Buying preferences' });
  await buying.getByLabel('ZIP Code').fill('');
  await buying.getByRole('button', { name: 'Save changes' }).click();
  await expect(buying.getByText(/ZIP code/i).last()).toBeVisible();
  await buying.getByLabel('ZIP Code').fill('90210');
  await buying.getByLabel('Search radius').selectOption('50');
  await buying.getByRole('checkbox', { name: 'Porsche' }).check();
  await buying.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Your details' }).getByLabel('First Name')).toHaveValue(
    'Kimi',
  );
  const reloaded = page.getByRole('region', { name: 'Buying preferences' });
  await expect(reloaded.getByLabel('ZIP Code')).toHaveValue('90210');
  await expect(reloaded.getByLabel('Search radius')).toHaveValue('50');
  await expect(reloaded.getByRole('checkbox', { name: 'Porsche' })).toBeChecked();
});

test('settings: a new password signs the other browser out and works at the next sign-in', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('password');
  await newMember(page, email);
  const other = await secondBrowser(browser, email);
  await openSettings(page);

  const form = page.getByRole('region', { name: 'Password' });
  await form.getByLabel('Current Password').fill('Wr0ng!Password');
  await form.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm New Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('That is not your current password.')).toBeVisible();

  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(form.getByLabel('Current Password')).toHaveValue('');

  // The other browser is signed out: its next page asks it to sign in.
  await other.page.goto('/messages');
  await expect(other.page).toHaveURL(/\/auth\?/);
  await other.page.goto('/auth?mode=signin');
  await signIn(other.page, email, PASSWORD);
  await expect(other.page.getByText('Invalid email or password').first()).toBeVisible();
  await signIn(other.page, email, NEW_PASSWORD);
  await expect(other.page).toHaveURL('/');
  await other.context.close();

  const notice = await waitForMail(email, 2);
  expect(notice.subject).toBe('Your ModMarket password was changed');
});

test('settings: change the email by the link sent to it; the old address is told', async ({ page }) => {
  const email = uniqueEmail('old-address');
  const newEmail = uniqueEmail('new-address');
  await newMember(page, email);
  await openSettings(page);

  const form = page.getByRole('region', { name: 'Email address' });
  await expect(form.getByText(email)).toBeVisible();
  await form.getByLabel('New Email Address').fill(newEmail);
  await form.getByLabel('Current Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('Check the new address')).toBeVisible();
  await expect(form.getByText(`open the link we sent to ${newEmail}`)).toBeVisible();

  const mail = await waitForMail(newEmail);
  expect(mail.subject).toBe('Confirm your new ModMarket email address');
  await page.goto(linkIn(mail, '/confirm-email-change'));
  await expect(page.getByRole('heading', { name: 'Email address changed' })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  await page.getByRole('link', { name: 'Back to settings' }).click();
  await expect(page.getByRole('region', { name: 'Email address' }).getByText(newEmail)).toBeVisible();

  const notice = await waitForMail(email, 2);
  expect(notice.subject).toBe('Your ModMarket email address was changed');
  expect(notice.text).toContain(newEmail);

  // The old address's link puts it back and signs everyone out.
  await page.goto(linkIn(notice, '/undo-email-change'));
  await expect(page.getByRole('heading', { name: 'Change undone' })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\?/);
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/settings');
});

test('settings: sessions list this browser and another; signing the other out ends it', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('sessions');
  await newMember(page, email);
  const other = await secondBrowser(browser, email);
  await openSettings(page);

  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This browser')).toBeVisible();
  await sessions.getByRole('button', { name: /^Sign out Chrome/ }).click();
  await expect(page.getByText(/was signed out/)).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Sign out all other browsers' })).toBeDisabled();

  await other.page.goto('/messages');
  await expect(other.page).toHaveURL(/\/auth\?/);
  await other.context.close();
});

test('settings speak Spanish and Chinese', async ({ page }) => {
  const email = uniqueEmail('settings-lang');
  await newMember(page, email);
  await chooseLanguage(page, 'es');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Configuración de la cuenta' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Dónde has iniciado sesión' })).toBeVisible();
  await chooseLanguage(page, 'zh-CN');
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: '账户设置' })).toBeVisible();
  await expect(page.getByRole('button', { name: '更改密码' })).toBeVisible();
});

test('settings: two-step sign-in is set up with the app and then asked for at sign-in', async ({ page }) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('two-step');
  await newMember(page, email);
  await openSettings(page);

  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByLabel('Current Password').fill(PASSWORD);
  await card.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(card.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  // The app would scan the code; the test types the key as a person without a camera would.
  const secret = (await card.locator('code').textContent())!.trim();
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Turn on' }).click();
  await expect(card.getByText('That code does not work.')).toBeVisible();
  await card.getByLabel('Code from the app').fill(await generate({ secret }));
  await card.getByRole('button', { name: 'Turn on' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.first().textContent())!;
  const anotherRecovery = (await codes.nth(1).textContent())!;
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('On. 10 recovery codes left.')).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  // The sign-in page opens once the server has ended the session.
  await expect(page).toHaveURL('/auth');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Authentication code').fill('111111');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('That code does not work.')).toBeVisible();
  // The code of the next 30 seconds: the one used to turn it on does not work twice.
  const next = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await page.getByLabel('Authentication code').fill(next);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');

  // A recovery code signs in once, in place of the app.
  await page.context().clearCookies();
  await page.goto('/auth?mode=signin');
  await signIn(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recovery);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/settings');
  await expect(page.getByText('On. 9 recovery codes left.')).toBeVisible();

  // A new email address takes a code too, as signing in does.
  const emailForm = page.getByRole('region', { name: 'Email address' });
  await emailForm.getByLabel('New Email Address').fill(uniqueEmail('two-step-new'));
  await emailForm.getByLabel('Current Password').fill(PASSWORD);
  await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(emailForm.getByText('Please enter the code.')).toBeVisible();
  await emailForm.getByLabel('Code from the app or a recovery code').fill(anotherRecovery);
  await emailForm.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(page.getByText('Check the new address')).toBeVisible();
});

test('settings: deleting the account signs out and hides it for 30 days; signing in keeps it', async ({
  page,
}) => {
  const email = uniqueEmail('leaving');
  await newMember(page, email);
  const created = await page.request.post('/api/listings', {
    data: {
      title: 'Bride seat rail',
      priceCents: 12000,
      category: 'interior',
      condition: 'good',
      make: 'Honda',
      model: 'S2000',
    },
  });
  const { id } = (await created.json()) as { id: string };

  await openSettings(page);
  // The rest on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  const card = page.getByRole('region', { name: 'Delete account' });
  await expect(card.getByText('your listings and their photos')).toBeVisible();
  await card.getByRole('button', { name: 'Delete my account...' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current Password').fill('Wr0ng!Password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('That is not your current password.')).toBeVisible();
  await dialog.getByLabel('Current Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/^Your account will be deleted on /)).toBeVisible();
  await expect(page.getByText('Sign in before then to keep it.')).toBeVisible();
  await expect(page).toHaveURL('/');
  const scheduled = await waitForMail(email, 2);
  expect(scheduled.subject).toMatch(/^Your ModMarket account will be deleted on /);
  // Meanwhile the listing is off the market.
  expect((await page.request.get(`/api/listings/${id}`)).status()).toBe(404);

  // Signing in within the 30 days keeps the account, and the listing is back.
  await page.goto('/auth?mode=signin');
  await signIn(page, email, PASSWORD);
  await expect(page.getByText('Welcome back: your account is no longer being deleted')).toBeVisible();
  await page.goto(`/listing/${id}`);
  await expect(page.getByRole('heading', { name: 'Bride seat rail' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Sold' })).toBeVisible();
});

test('settings: download my data once it is prepared', async ({ page }) => {
  const email = uniqueEmail('export');
  await newMember(page, email);
  await openSettings(page);
  const card = page.getByRole('region', { name: 'Download my data' });
  await card.getByRole('button', { name: 'Prepare my data' }).click();
  await expect(page.getByText('We are preparing your data')).toBeVisible();

  const mail = await waitForMail(email, 2);
  expect(mail.subject).toBe('Your ModMarket data is ready');
  await page.reload();
  const ready = page.getByRole('region', { name: 'Download my data' });
  await expect(ready.getByText(/Ready to download until/)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    ready.getByRole('link', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('modmarket-data.json');
  const file = await download.path();
  const { readFile } = await import('node:fs/promises');
  const data = JSON.parse(await readFile(file, 'utf8')) as { profile: { email: string } };
  expect(data.profile.email).toBe(email);
});

test('settings: selling preferences show on the seller’s listings as Ships and Local pickup', async ({
  page,
}) => {
  await newMember(page, uniqueEmail('ships'));
  const created = await page.request.post('/api/listings', {
    data: {
      title: 'Spoon calipers',
      priceCents: 90000,
      category: 'brakes',
      condition: 'good',
      make: 'Honda',
      model: 'S2000',
    },
  });
  const { id } = (await created.json()) as { id: string };
  await page.goto(`/listing/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Spoon calipers' })).toBeVisible();
  await expect(page.getByText('Ships', { exact: true })).toBeHidden();

  await openSettings(page);
  const role = page.getByRole('region', { name: 'How you use ModMarket' });
  await role.getByRole('radio', { name: /Seller/ }).check();
  await role.getByRole('button', { name: 'Save changes' }).click();
  const selling = page.getByRole('region', { name: 'Selling preferences' });
  await selling.getByRole('checkbox', { name: 'I can ship parts' }).check();
  await selling.getByRole('checkbox', { name: 'I offer local pickup' }).check();
  await selling.getByRole('checkbox', { name: 'Brakes' }).check();
  await selling.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();

  await page.goto(`/listing/${id}`);
  await expect(page.getByText('Ships', { exact: true })).toBeVisible();
  await expect(page.getByText('Local pickup', { exact: true })).toBeVisible();
});
