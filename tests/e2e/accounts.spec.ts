import { browseFirst } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { MarqueeServer } from './support/marquee-server';
import { expectSameDocument, markDocument } from './support/same-document';
import { expect, test } from './support/shared-server';

// One process (MARQUEE_WORKERS=1): its restart boots one app instead of a primary and two workers;
// the shared servers run the cluster.
const server = new MarqueeServer({ workers: 1 });

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

test('a visitor signs up, stays signed in, signs out, fails and succeeds to sign in, also after a restart', async ({
  page,
}) => {
  // Eight steps and a server restart: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const stamp = Date.now();
  const email = `viewer-${stamp}@example.com`;
  const password = 'popcorn-42';
  const signedIn = page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });
  const signOut = async () => {
    await signedIn.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  };
  const landingHeadline = page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' });

  await test.step('sign up through the landing page e-mail field', async () => {
    await page.goto(server.url);
    await expect(landingHeadline).toBeVisible();
    await expectNoAxeViolations(page, 'the landing page');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password should be at least 6 characters');
    await expectNoAxeViolations(page, 'sign-up, showing an error');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Sign-up leads to choosing a plan; this test browses first.
    await browseFirst(page);
    await expect(signedIn).toBeVisible();
  });

  await test.step('the user state is persisted under "user", without secrets', async () => {
    const stored = await page.evaluate(() => window.localStorage.getItem('user'));
    // With the profile sign-up made, named from the e-mail (docs/decisions.md).
    expect(JSON.parse(stored ?? 'null')).toMatchObject({
      info: { email },
      profiles: [{ name: `Viewer-${stamp}`, activeProfile: true }],
    });
    expect(stored).not.toContain(password);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === 'marquee_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('marquee_session');
  });

  await test.step('a reload keeps the user signed in', async () => {
    await page.reload();
    await expect(signedIn).toBeVisible();
  });

  await test.step('sign out returns to the landing page', async () => {
    await signOut();
    await expect(landingHeadline).toBeVisible();
    await page.reload();
    await expect(landingHeadline).toBeVisible();
  });

  await test.step('a wrong password is refused with the sign-in error', async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText('That user does not exist. Please try again.');
    await expectNoAxeViolations(page, 'sign-in, showing an error');
  });

  await test.step('the right password signs in', async () => {
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(signedIn).toBeVisible();
  });

  await test.step('after a server restart the session holds and the account still signs in', async () => {
    await server.restart();
    await page.reload();
    await expect(signedIn).toBeVisible();
    await signOut();
    await expect(landingHeadline).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(signedIn).toBeVisible();
  });
});

test('the logo resets the signed-out screens to the landing page', async ({ page }) => {
  await page.goto(server.url);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign Up Now.' }).click();
  await expect(page.getByRole('heading', { name: 'Sign Up' })).toBeVisible();
  await page.getByRole('link', { name: 'Marquee home' }).click();
  await expect(page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' })).toBeVisible();
});

test('an unknown address signed out shows the landing page; a deep link reloads the app', async ({ page }) => {
  await page.goto(`${server.url}/account`);
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' })).toBeVisible();
});

test('a code chunk that fails to load shows an error with a retry under the top bar, and the retry loads it without a reload', async ({
  page,
}) => {
  // Sign up in a fresh context with home's chunk unreachable (the sign-in form preloads it too,
  // so from the start), and reachable again before Try again.
  const email = `chunk-${Date.now()}@example.com`;
  let unreachable = true;
  await page.route(/HomeScreen-.*\.js$/, (route) => (unreachable ? route.abort() : route.continue()));
  await page.goto(server.url);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page.getByRole('button', { name: 'Sign Up Now.' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill('popcorn-42');
  await markDocument(page);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // Sign-up leads to choosing a plan; this test browses first.
  await browseFirst(page);
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByText('Could not reach Marquee. Check your connection and try again.')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^Profile menu/ })).toBeVisible();
  unreachable = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await expectSameDocument(page);
});

test('Sign Out of All Devices on the account page ends the session in another browser too', async ({
  page,
  browser,
}) => {
  const email = `devices-${Date.now()}@example.com`;
  const password = 'popcorn-42';
  const landingHeadline = (on: typeof page) =>
    on.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' });
  const signedIn = (on: typeof page) => on.getByRole('banner').getByRole('button', { name: /^Profile menu/ });

  // This browser signs up; a second one (its own cookies) signs in to the same account.
  const up = await page.request.post(`${server.url}/api/auth/sign-up`, { data: { email, password } });
  expect(up.status()).toBe(201);
  const other = await browser.newContext();
  try {
    const otherPage = await other.newPage();
    const signIn = await otherPage.request.post(`${server.url}/api/auth/sign-in`, { data: { email, password } });
    expect(signIn.status()).toBe(200);
    await otherPage.goto(`${server.url}/account`);
    await expect(signedIn(otherPage)).toBeVisible();

    await page.goto(`${server.url}/account`);
    const everywhere = page.getByRole('button', { name: 'Sign Out of All Devices' });
    await expect(everywhere).toBeVisible();
    await expectNoAxeViolations(page, 'the account page');
    await everywhere.click();
    // It asks first (tests/e2e/account-recovery.spec.ts walks the dialog itself).
    const dialog = page.getByRole('alertdialog', { name: 'Sign out of all devices?' });
    await expect(dialog).toBeVisible();
    await expectNoAxeViolations(page, 'the confirmation before signing out everywhere');
    await dialog.getByRole('button', { name: 'Sign Out Everywhere' }).click();
    await expect(landingHeadline(page)).toBeVisible();

    // The other browser's session is gone on the server: a reload finds it signed out.
    await otherPage.reload();
    await expect(landingHeadline(otherPage)).toBeVisible();
    const session = await otherPage.request.get(`${server.url}/api/auth/session`);
    expect(await session.json()).toEqual({ user: null });
  } finally {
    await other.close();
  }
});
