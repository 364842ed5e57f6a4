import { type Page } from '@playwright/test';

import { firstProfileName } from '../../shared/profiles/profile-rules';
import { JOIN_STEP_HEADING, payOnCheckout, signUp, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

/**
 * Joining as on the real service: sign up → choose a plan (its price, resolution and screens from
 * the product record) → pay on the hosted checkout → Who's Watching → a title plays. A cancelled
 * checkout returns to the plan step.
 */

const server = sharedServer();

const card = (page: Page, plan: string) =>
  page.locator('label').filter({ has: page.getByRole('radio', { name: plan, exact: true }) });

test('sign up → choose Standard → pay with 4242… → Who’s Watching → a title plays', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('join');

  await test.step('sign-up lands on the plan step, each plan with its price, resolution and screens', async () => {
    await signUp(page, server.url, email, { join: true });
    await expect(page.getByRole('heading', { level: 1, name: JOIN_STEP_HEADING })).toBeVisible({ timeout: 20_000 });
    await expect(page).toHaveURL(`${server.url}/signup/plan`);
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(card(page, 'Basic')).toContainText('GBP 4.99/month');
    await expect(card(page, 'Standard')).toContainText('Full HD (1080p)');
    await expect(card(page, 'Standard')).toContainText(/Screens at once\s*2/);
    await expect(card(page, 'Premium')).toContainText('Ultra HD (4K)');
    await expect(card(page, 'Premium')).toContainText(/Screens at once\s*4/);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expectNoAxeViolations(page, 'the join step');
  });

  await test.step('a cancelled checkout returns to the plan step', async () => {
    await page.getByRole('radio', { name: 'Standard', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_test_/, { timeout: 20_000 });
    await expect(page.getByText('Subscribe to Standard')).toBeVisible();
    await page.getByRole('link', { name: 'Cancel', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/signup/plan`);
    await expect(page.getByRole('heading', { level: 1, name: JOIN_STEP_HEADING })).toBeVisible();
  });

  await test.step('choose Standard, Next, pay with the test card', async () => {
    await page.getByRole('radio', { name: 'Standard', exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await payOnCheckout(page);
  });

  await test.step("back on Who's Watching, with the payment confirmed", async () => {
    await expect(page).toHaveURL(`${server.url}/profiles`, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: "Who's Watching?" })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Payment complete.' })).toBeVisible();
    await expectNoAxeViolations(page, "Who's Watching after joining");
  });

  await test.step('choose the profile, open a title and it plays', async () => {
    await page
      .getByRole('main')
      .getByRole('button', { name: firstProfileName(email), exact: true })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    const row = page.getByRole('region', { name: 'Trending Now', exact: true });
    await expect(row.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page).toHaveURL(/\/watch\/(movie|tv)\/\d+/);
    const video = playerVideo(page);
    await expect(video).toHaveCount(1, { timeout: 20_000 });
    const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
    await expect.poll(time, { timeout: 20_000 }).toBeGreaterThan(0);
    const from = await time();
    await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(from + 1);
  });
});

test('"Browse first" goes home without a plan; signing in later lands home too', async ({ page }) => {
  const email = uniqueEmail('browse');
  await signUp(page, server.url, email, { join: true });
  await page.getByRole('button', { name: 'Browse first' }).click();
  await expect(page).toHaveURL(`${server.url}/`);
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible({ timeout: 20_000 });
  // A reload is home, not the plan step: nobody is trapped there.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(`${server.url}/`);
});
