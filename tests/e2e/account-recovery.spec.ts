import { type Browser, type Page, request } from '@playwright/test';

import { readOutbox, resetLinkIn } from '../server/support/outbox';
import { PASSWORD, signIn, signUpThroughApi, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { MarqueeServer } from './support/marquee-server';
import { expect, test } from './support/shared-server';

// One process (MARQUEE_WORKERS=1), quicker to start; the shared servers run the cluster.
const server = new MarqueeServer({ workers: 1 });

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

const profileMenu = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });
const landingHeadline = (page: Page) => page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' });
const signedOutNotice = (page: Page) => page.getByRole('status').filter({ hasText: /^You were signed out/ });

/** A browser of its own (its own cookies), signed in to `email`. */
async function signedInBrowser(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, server.url, email);
  await expect(profileMenu(page)).toBeVisible();
  return page;
}

/** The tab's next action: opening the account page from the profile menu. */
async function openAccount(page: Page) {
  await profileMenu(page).click();
  await page.getByRole('menuitem', { name: 'Account' }).click();
}

async function signInStatus(email: string, password: string): Promise<number> {
  const api = await request.newContext({ baseURL: server.url });
  try {
    return (await api.post('/api/auth/sign-in', { data: { email, password } })).status();
  } finally {
    await api.dispose();
  }
}

test('a reset link read from the outbox sets a new password, and the old sessions are gone', async ({ browser }) => {
  const email = uniqueEmail('reset');
  await signUpThroughApi(server.url, email);
  const before = await signedInBrowser(browser, email);
  const page = await (await browser.newContext()).newPage();
  const newPassword = 'a-brand-new-password';

  await test.step('"Forgot password?" on the sign-in form sends a link, saying the same for any address', async () => {
    await page.goto(server.url);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
    await expectNoAxeViolations(page, 'forgot password');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Email Me a Link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account uses that email address');
  });

  const link = await test.step('the link is in the outbox and in the server log', async () => {
    let found: URL | null = null;
    await expect
      .poll(() => {
        const message = readOutbox(server.dataDir).find((text) => text.includes(email));
        found = message ? resetLinkIn(message) : null;
        return found;
      })
      .not.toBeNull();
    // The log reaches the test through a pipe, so it may arrive just after the outbox's file.
    await expect.poll(() => server.log).toContain('/reset-password?code=');
    return found! as URL;
  });

  await test.step('the reset page sets the new password', async () => {
    await page.goto(link.href);
    await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
    // The code is taken out of the address once read.
    await expect(page).toHaveURL(/\/reset-password$/);
    await expectNoAxeViolations(page, 'reset password');
    await page.getByRole('textbox', { name: 'New password' }).fill(newPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');
  });

  await test.step('the session signed in before is gone: its next action lands on the landing page', async () => {
    await openAccount(before);
    await expect(landingHeadline(before)).toBeVisible();
    await expect(signedOutNotice(before)).toBeVisible();
    await expectNoAxeViolations(before, 'the landing page after being signed out elsewhere');
  });

  await test.step('the old password no longer signs in, the new one does, and the link works once', async () => {
    expect(await signInStatus(email, PASSWORD)).toBe(401);
    expect(await signInStatus(email, newPassword)).toBe(200);
    await page.goto(link.href);
    await page.getByRole('textbox', { name: 'New password' }).fill('yet-another-password');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'This link is not valid, or it has been used already. Ask for a new one.',
    );
  });
});

test('Sign Out of All Devices asks first, then sends the other browser to the landing page at its next action', async ({
  browser,
}) => {
  const email = uniqueEmail('everywhere');
  await signUpThroughApi(server.url, email);
  const here = await signedInBrowser(browser, email);
  const elsewhere = await signedInBrowser(browser, email);

  await test.step('the account page asks before signing out everywhere', async () => {
    await openAccount(here);
    await here.getByRole('button', { name: 'Sign Out of All Devices' }).click();
    const dialog = here.getByRole('alertdialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(here, 'the sign-out-everywhere confirmation');
    // Leaving it changes nothing.
    await dialog.getByRole('button', { name: 'Stay Signed In' }).click();
    await expect(dialog).toBeHidden();
    await expect(here.getByRole('button', { name: 'Sign Out of All Devices' })).toBeFocused();
    await here.getByRole('button', { name: 'Sign Out of All Devices' }).click();
    await here.getByRole('alertdialog').getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(landingHeadline(here)).toBeVisible();
  });

  await test.step('the other browser learns it at its next action', async () => {
    await openAccount(elsewhere);
    await expect(landingHeadline(elsewhere)).toBeVisible();
    await expect(signedOutNotice(elsewhere)).toBeVisible();
    expect(new URL(elsewhere.url()).pathname).toBe('/');
  });
});

test('the devices page lists the signed-in browsers and signs one out', async ({ browser }) => {
  const email = uniqueEmail('devices');
  await signUpThroughApi(server.url, email);
  const here = await signedInBrowser(browser, email);
  const other = await signedInBrowser(browser, email);

  await openAccount(here);
  await here.getByRole('link', { name: 'Manage signed-in devices' }).click();
  await expect(here.getByRole('heading', { name: 'Signed-in devices' })).toBeVisible();
  await expect(here.getByText('This device')).toBeVisible();
  const items = here.getByRole('listitem').filter({ has: here.getByRole('button', { name: 'Sign out' }) });
  // These two browsers, and the API client that made the account.
  await expect(items).toHaveCount(3);
  await expectNoAxeViolations(here, 'the devices page');
  for (const remaining of [2, 1]) {
    await items.filter({ hasNotText: 'This device' }).first().getByRole('button', { name: 'Sign out' }).click();
    await expect(items).toHaveCount(remaining);
  }

  await openAccount(other);
  await expect(landingHeadline(other)).toBeVisible();
});
