import { expect, type Page, test } from '@playwright/test';

import { signUp } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { MarqueeServer } from './support/marquee-server';

const server = new MarqueeServer();

test.beforeAll(async () => {
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
});

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function pay(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel('Cardholder name').fill('Ann Viewer');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

test('a member cancels at the period’s end, restarts, upgrades with proration shown, and sees the billing history', async ({
  page,
}) => {
  const email = `billing-${Date.now()}@example.com`;
  const planRow = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
  const membership = page.getByRole('region', { name: 'MEMBERSHIP & BILLING' });
  const history = page.getByRole('region', { name: 'BILLING HISTORY' });
  let periodEnd = '';

  await test.step('sign up and subscribe to Basic with a Visa', async () => {
    await signUp(page, server.url, email);
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await page.goto(`${server.url}/change-plan`);
    await planRow('Basic').getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText('Subscribe to Basic')).toBeVisible();
    await pay(page, '4242 4242 4242 4242');
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(planRow('Basic').getByRole('button', { name: 'Current Package' })).toBeVisible();
    periodEnd = (await page.getByText(/^Renewal date: /).textContent())!.replace('Renewal date: ', '');
  });

  await test.step('Cancel Membership: the account page says when it ends', async () => {
    // The page names what the screen asks for first, and the browser hands those answers over:
    // each of the account's documents is asked for once, with the page.
    const documents: string[] = [];
    const record = (request: { url: () => string }) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/api/documents/')) documents.push(pathname);
    };
    page.on('request', record);
    await page.goto(`${server.url}/account`);
    await expect(membership).toContainText(`Your next billing date is ${periodEnd}.`);
    page.off('request', record);
    const screenDocuments = documents.filter((path) => /\/(products|subscriptions|invoices|profiles)$/.test(path));
    expect(screenDocuments.map((path) => path.split('/').pop()).sort()).toEqual([
      'invoices',
      'products',
      'profiles',
      'subscriptions',
    ]);
    await membership.getByRole('button', { name: 'Cancel Membership' }).click();
    await expect(membership).toContainText(`Your membership ends on ${periodEnd}.`);
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('Basic');
    await expectNoAxeViolations(page, '/account, cancelled at the period’s end');
    // It holds across a reload: the server keeps it.
    await page.reload();
    await expect(membership).toContainText(`Your membership ends on ${periodEnd}.`);
  });

  await test.step('Restart Membership clears the cancellation', async () => {
    await membership.getByRole('button', { name: 'Restart Membership' }).click();
    await expect(membership).toContainText(`Your next billing date is ${periodEnd}.`);
    await expect(membership.getByRole('button', { name: 'Cancel Membership' })).toBeEnabled();
  });

  await test.step('/change-plan quotes the upgrade’s prorated charge and the downgrade-free renewal', async () => {
    await page.getByRole('link', { name: 'Change Plan' }).click();
    await expect(page.getByRole('heading', { name: 'Change Streaming Plan' })).toBeVisible();
    // Just after subscribing, nearly the whole period is left: about the whole difference (GBP 6.00).
    const quote = planRow('Premium').getByText(/^You'll pay GBP \d+\.\d\d today, then GBP 10\.99\/month from /);
    await expect(quote).toContainText(`from ${periodEnd}`);
    const amount = /GBP (\d+\.\d\d) today/.exec((await quote.textContent())!)![1]!;
    expect(Number(amount)).toBeGreaterThan(5.9);
    expect(Number(amount)).toBeLessThanOrEqual(6);
    await expectNoAxeViolations(page, '/change-plan with quotes');

    await planRow('Premium').getByRole('button', { name: 'Upgrade' }).click();
    await expect(page.getByText('Upgrade from Basic to Premium, prorated')).toBeVisible();
    await expect(page.getByText(`GBP ${amount}`).first()).toBeVisible();
    await pay(page, '5555 5555 5555 4444');
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(planRow('Premium').getByRole('button', { name: 'Current Package' })).toBeVisible();
    // The renewal date stays.
    await expect(page.getByText(`Renewal date: ${periodEnd}`)).toBeVisible();
    await expect(planRow('Basic')).toContainText(`Your plan changes to Basic on ${periodEnd}; no charge today`);
  });

  await test.step('the billing history lists both charges, newest first, with the cards', async () => {
    await page.goto(`${server.url}/account`);
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('Premium');
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(3);
    const today = LONG_DATE.format(new Date());
    await expect(rows.nth(1)).toHaveText(new RegExp(`${today}.*Premium.*GBP ${amountPattern()}.*Mastercard •••• 4444`));
    await expect(rows.nth(2)).toHaveText(new RegExp(`${today}.*Basic.*GBP 4\\.99.*Visa •••• 4242`));
    await expectNoAxeViolations(page, '/account with billing history');
  });
});

const amountPattern = () => '\\d+\\.\\d\\d';
