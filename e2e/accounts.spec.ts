import { expect, test, type BrowserContext } from '@playwright/test';
import { linkIn, uniqueEmail, waitForMail } from './support/mail';
import { holdScripts } from './support/pages';
import { PASSWORD, chooseLanguage, signIn, signUpAndConfirm } from './support/accounts';

test.describe('sign-up form', () => {
  test('shows every rule while it is unmet and sends nothing until all pass', async ({ page }) => {
    await page.goto('/auth?mode=signup');
    // An address and a password: nothing else is asked.
    await expect(page.getByLabel('First Name')).toHaveCount(0);
    await expect(page.getByLabel('Phone')).toHaveCount(0);
    await page.getByLabel('Email').fill('mika@localhost');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await expect(page.getByText('Password must meet these requirements:')).toBeVisible();
    for (const rule of [
      'At least 8 characters',
      'At least 1 number',
      'At least 1 special character',
      'At least 1 uppercase letter',
    ])
      await expect(page.getByText(rule)).toBeVisible();
    await expect(page.getByText('At least 1 lowercase letter')).toBeHidden();
    await page.getByLabel('Confirm Password').fill('abd');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Please use a real email address')).toBeVisible();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await expect(page.getByText('Password must meet these requirements:')).toBeHidden();
    await expect(page).toHaveURL('/auth?mode=signup');
  });

  test('keeps what was typed while the page was still coming alive', async ({ page }) => {
    // The page's scripts wait until the visitor has typed into the server's HTML.
    const release = await holdScripts(page);
    await page.goto('/auth?mode=signup', { waitUntil: 'commit' });
    const email = uniqueEmail('early');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('abc');
    release();

    // The form heard the password: its rules show, and what was typed is still there.
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('abc');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Passwords do not match').first()).toBeVisible();
    await expect(page.getByText('Please use a real email address')).toBeHidden();
  });
});

test.describe('accounts, in English', () => {
  test('sign up, confirm, sign in, onboard as a buyer; the menu shows the first name', async ({ page }) => {
    const email = uniqueEmail('buyer');
    await signUpAndConfirm(page, email);

    // Onboarding is offered on the home page, not forced; the card leads to it.
    await expect(page).toHaveURL('/');
    await page
      .getByRole('region', { name: 'Make ModMarket yours' })
      .getByRole('link', { name: 'Set up now' })
      .click();
    await expect(page).toHaveURL('/onboarding/role');
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Missing Selection')).toBeVisible();
    await page.getByRole('radio', { name: /Buyer/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/onboarding/buyer');
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '67');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('Please enter your ZIP code.').first()).toBeVisible();
    await page.getByLabel('ZIP Code').fill('94107');
    await page.getByLabel('Search radius').selectOption('50');
    await page.getByLabel('Nissan').check();
    await page.getByLabel('Suspension').check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL('/onboarding/done');
    await expect(page.getByRole('heading', { name: "You're all set!" })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('region', { name: 'Make ModMarket yours' })).toBeHidden();
    await expect(page.getByRole('button', { name: /Mika/ })).toBeVisible();

    // Sign out ends the session and lands on /auth.
    await page.getByRole('button', { name: /Mika/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/auth');
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Mika/ })).toBeHidden();
  });

  test('onboard as a seller, and as both', async ({ page }) => {
    const seller = uniqueEmail('seller');
    await signUpAndConfirm(page, seller);
    await page.goto('/onboarding/role');
    await page.getByRole('radio', { name: /Seller/ }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/onboarding/seller');
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByText('Please select at least one category you sell or specify Other.').first(),
    ).toBeVisible();
    await page.getByLabel('I can ship parts').check();
    await page.getByLabel('Other', { exact: true }).check();
    await page.getByPlaceholder('Tell us more (up to 100 characters)').fill('Vintage gauges');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/onboarding/done');

    await page.context().clearCookies();
    const both = uniqueEmail('both');
    await signUpAndConfirm(page, both);
    await page.goto('/onboarding/role');
    await page.getByRole('radio', { name: /Both/ }).click();
    await expect(page.getByText('Step 1 of 4')).toBeVisible();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/onboarding/buyer');
    await expect(page.getByText('Step 2 of 4')).toBeVisible();
    await page.getByLabel('ZIP Code').fill('10001');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/onboarding/seller');
    await expect(page.getByText('Step 3 of 4')).toBeVisible();
    await page.getByLabel('Engine').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL('/onboarding/done');
    await expect(page.getByRole('button', { name: /Mika/ })).toBeVisible();
  });

  test('forgot password, reset, and sign in with the new password only', async ({ page }) => {
    const email = uniqueEmail('reset');
    await signUpAndConfirm(page, email, { signedOut: true });

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL('/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Email required')).toBeVisible();
    await page.getByLabel('Email Address').fill(`  ${email}  `);
    // A request the server refuses says so, with the server's reason.
    const refused = 'Too many attempts. Please try again in 42 minutes.';
    await page.route('**/api/auth/forgot-password', (route) =>
      route.fulfill({ status: 429, json: { error: { code: 'RATE_LIMITED', message: refused } } }),
    );
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Password Reset Error', { exact: true })).toBeVisible();
    await expect(page.getByText(refused)).toBeVisible();
    await page.unroute('**/api/auth/forgot-password');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText('Password reset email sent (check spam folder)')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    const first = linkIn(await waitForMail(email, 2), '/reset-password');
    // Asking again makes the first link stop working.
    await page.goto('/forgot-password');
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const resetMail = await waitForMail(email, 3);
    expect(resetMail.subject).toBe('Reset your ModMarket password');
    const second = linkIn(resetMail, '/reset-password');

    await page.goto(first);
    await expect(page.getByRole('heading', { name: 'Reset Link Expired or Used' })).toBeVisible();

    await page.goto(second);
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    // Opening the link signed nobody in.
    await expect(page.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    const newPassword = 'N3w!Gearbox';
    await page.getByLabel('New Password').fill('short');
    await expect(page.getByText('At least 8 characters')).toBeVisible();
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('heading', { name: 'Password Updated Successfully' })).toBeVisible();
    await expect(page.getByText('Password updated successfully', { exact: true })).toBeVisible();
    await expect(page).toHaveURL('/auth?reset=success');
    await expect(
      page.getByText('Your password has been updated. Sign in with your new password.'),
    ).toBeVisible();

    await signIn(page, email, PASSWORD);
    await expect(
      page.getByText('Invalid email or password. Please try again or reset your password.').first(),
    ).toBeVisible();
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL('/');

    await page.goto(second);
    await expect(page.getByRole('heading', { name: 'Reset Link Expired or Used' })).toBeVisible();
    // Opened with no link at all: it says there is none, not that one expired.
    await page.goto('/reset-password');
    await expect(page.getByRole('heading', { name: 'No Reset Link Found' })).toBeVisible();
  });

  test('keep me signed in survives a browser restart; a browser-session sign-in does not', async ({
    browser,
  }) => {
    /** What a browser keeps when it restarts: cookies with an expiry, not session cookies. */
    const restart = async (context: BrowserContext) => {
      const state = await context.storageState();
      await context.close();
      const next = await browser.newContext({
        storageState: { ...state, cookies: state.cookies.filter((c) => c.expires > 0) },
      });
      return next;
    };

    for (const keep of [true, false]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const email = uniqueEmail(keep ? 'keep' : 'short');
      await signUpAndConfirm(page, email, { keepSignedIn: keep });

      const reopened = await restart(context);
      const again = await reopened.newPage();
      await again.goto('/');
      if (keep) {
        await expect(again.getByRole('button', { name: /Mika/ })).toBeVisible();
      } else {
        await expect(again.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      }
      await reopened.close();
    }
  });

  test('a signed-in visitor of /auth goes to the redirect path, never off the site', async ({ page }) => {
    const email = uniqueEmail('redirect');
    await signUpAndConfirm(page, email);
    await page.goto('/auth?redirect=/onboarding/buyer');
    await expect(page).toHaveURL('/onboarding/buyer');
    for (const evil of ['//other.example', '/\\other.example', 'https://other.example']) {
      await page.goto(`/auth?redirect=${encodeURIComponent(evil)}`);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
    }
  });

  test('with no social provider configured, the page offers no social sign-in', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('button', { name: 'Sign In', exact: true }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
    await expect(page.getByText('or continue with')).toHaveCount(0);
  });
});

test.describe('accounts, in Spanish', () => {
  test('sign up and confirm with Spanish copy and a Spanish email, then onboard', async ({ page }) => {
    await chooseLanguage(page, 'es');
    const email = uniqueEmail('es');
    await page.goto('/auth?mode=signup');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await expect(page.getByText('La contraseña debe cumplir estos requisitos:')).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();

    await page.getByRole('button', { name: 'Ya confirmé mi correo' }).click();
    await expect(page.getByText('El correo aún no está confirmado')).toBeVisible();

    const mail = await waitForMail(email);
    expect(mail.subject).toBe('Confirma tu cuenta de ModMarket');
    // No name yet: sign-up asks for none.
    expect(mail.text).toContain('Hola:');
    const link = linkIn(mail, '/confirm-signup');

    // Confirmed in another tab; back on this one, it signs in by itself.
    const other = await page.context().newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: '¡Cuenta confirmada!' })).toBeVisible();
    await other.close();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('button', { name: new RegExp(email.split('@')[0]!) })).toBeVisible();

    // A used link never works again.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Error en la confirmación' })).toBeVisible();
  });
});

test.describe('the second reset screen and the profile reminder', () => {
  test('/password-reset asks for a link, then sets the password from it and goes to sign in', async ({
    page,
  }) => {
    const email = uniqueEmail('pwreset');
    await signUpAndConfirm(page, email, { signedOut: true });
    await page.goto('/password-reset?error=access_denied');
    await expect(page.getByText('Invalid or expired reset link. Please request a new one.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    // Asked to set a password with no link to do it with: says so, and asks for one.
    await page.goto('/password-reset?type=recovery');
    await expect(page.getByText('No valid reset link found. Please use a fresh reset link.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('Email Address').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    const link = linkIn(await waitForMail(email, 2), '/reset-password');

    await page.goto(link.replace('/reset-password', '/password-reset'));
    await expect(page.getByRole('heading', { name: 'Set New Password' })).toBeVisible();
    await page.getByLabel('New Password').fill('An0ther!Cam');
    await page.getByLabel('Confirm Password').fill('An0ther!Cam');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL('/auth?mode=signin');
    await signIn(page, email, 'An0ther!Cam');
    await expect(page).toHaveURL('/');
  });

  test('onboarding is offered on the home page and in the menu until dismissed; nothing is walled off', async ({
    page,
  }) => {
    const email = uniqueEmail('reminder');
    await signUpAndConfirm(page, email);
    const card = page.getByRole('region', { name: 'Make ModMarket yours' });
    await expect(card).toBeVisible();
    // Every page is open to the new member.
    await page.goto('/browse');
    await expect(page).toHaveURL('/browse');
    await page.goto('/messages');
    await expect(page).toHaveURL('/messages');
    await page.getByRole('button', { name: /Mika/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Finish setting up' })).toBeVisible();
    await page.keyboard.press('Escape');
    // "No thanks" dismisses it for good: the card and the menu item go.
    await page.goto('/');
    await card.getByRole('button', { name: 'No thanks' }).click();
    await expect(card).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(card).toBeHidden();
    await page.getByRole('button', { name: /Mika/ }).click();
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Finish setting up' })).toBeHidden();
  });
});

test.describe('password recovery, in Spanish', () => {
  test('the reset email and screens speak Spanish', async ({ page }) => {
    const email = uniqueEmail('es-reset');
    await signUpAndConfirm(page, email);
    // The member speaks Spanish: the account keeps it (as the language menu does for a signed-in
    // member), and the reset email follows the account, whatever page asks for it.
    const kept = await page.request.put('/api/account/language', { data: { language: 'es' } });
    expect(kept.ok(), await kept.text()).toBe(true);
    await page.context().clearCookies();
    await chooseLanguage(page, 'es');
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByText('Correo obligatorio')).toBeVisible();
    await page.getByLabel('Dirección de correo').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('heading', { name: 'Revisa tu correo' })).toBeVisible();
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toBe('Restablece tu contraseña de ModMarket');
    await page.goto(linkIn(mail, '/reset-password'));
    await expect(page.getByRole('heading', { name: 'Elige una nueva contraseña' })).toBeVisible();
    await page.getByLabel('Nueva contraseña').fill('Nuev4!Clave');
    await page.getByLabel('Confirmar contraseña').fill('Otra4!Clave');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    await page.getByLabel('Confirmar contraseña').fill('Nuev4!Clave');
    await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
    await expect(page).toHaveURL('/auth?reset=success');
    await expect(
      page.getByText('Tu contraseña se ha actualizado. Inicia sesión con tu nueva contraseña.'),
    ).toBeVisible();
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).last().click();
    await expect(
      page
        .getByText('Correo o contraseña incorrectos. Inténtalo de nuevo o restablece tu contraseña.')
        .first(),
    ).toBeVisible();
  });
});

test('a visitor on onboarding is sent to sign up after two seconds', async ({ page }) => {
  await page.goto('/onboarding/role');
  await expect(page.getByText('Please wait while we verify your authentication...')).toBeVisible();
  await expect(page).toHaveURL('/auth?mode=signup', { timeout: 10_000 });
  await expect(page.getByText('Authentication Required')).toBeVisible();
});
