import { signUp } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

test('a subscriber pays for Standard on the hosted checkout, then a declined card changes nothing', async ({
  page,
}) => {
  const email = `plans-${Date.now()}@example.com`;
  const planRow = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });

  await test.step('sign up and open the plans from the account page', async () => {
    await signUp(page, server.url, email);
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await page.goto(`${server.url}/account`);
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('No plan yet');
    await page.getByRole('link', { name: 'Change Plan' }).click();
    await expect(page.getByRole('heading', { name: 'Change Streaming Plan' })).toBeVisible();
    await expect(planRow('Standard')).toContainText('GBP 6.99/month');
    await expect(planRow('Basic')).toContainText('GBP 4.99/month');
    await expect(page.getByText(/Renewal date/)).toHaveCount(0);
    await expectNoAxeViolations(page, '/change-plan');
  });

  await test.step('Subscribe on Standard leads to the hosted checkout page', async () => {
    await planRow('Standard').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/checkout\/cs_test_/);
    await expect(page.getByText('Subscribe to Standard')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expectNoAxeViolations(page, 'the hosted checkout page');
  });

  await test.step('an invalid card number is caught inline', async () => {
    await page.getByLabel('Card number').fill('4242 4242 4242 4241');
    await page.getByLabel('Card number').blur();
    await expect(page.getByText('Your card number is invalid.')).toBeVisible();
  });

  await test.step('paying with 4242 4242 4242 4242 returns to the app with Standard current', async () => {
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).fill('12 / 34');
    await page.getByLabel(/Security code/).fill('123');
    await page.getByLabel('Cardholder name').fill('Ann Viewer');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(planRow('Standard').getByRole('button', { name: 'Current Package' })).toBeVisible();
    // A subscriber's dearer plan is an upgrade, quoted before paying.
    await expect(planRow('Premium').getByRole('button', { name: 'Upgrade' })).toBeVisible();
    // One calendar month from today (in UTC; the 31st becomes the next month's last day).
    const now = new Date();
    const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0)).getUTCDate();
    const renewal = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, Math.min(now.getUTCDate(), lastDay)),
    );
    const expected = new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(renewal);
    await expect(page.getByText(`Renewal date: ${expected}`)).toBeVisible();
    await expectNoAxeViolations(page, '/change-plan with a current plan');
  });

  await test.step('the account page names the plan', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Profile menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('Standard');
  });

  await test.step('a declined card on Premium shows the decline and changes nothing', async () => {
    await page.getByRole('link', { name: 'Change Plan' }).click();
    await planRow('Premium').getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByText('Upgrade to Premium')).toBeVisible();
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel(/Expiry/).fill('12 / 34');
    await page.getByLabel(/Security code/).fill('123');
    await page.getByLabel('Cardholder name').fill('Ann Viewer');
    await page.getByRole('button', { name: /^Upgrade and pay GBP \d+\.\d\d$/ }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(planRow('Standard').getByRole('button', { name: 'Current Package' })).toBeVisible();
    await expect(planRow('Premium').getByRole('button', { name: 'Upgrade' })).toBeVisible();
  });
});
