import { type Page } from '@playwright/test';

import { signUp } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

const LONG_DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

async function pay(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel('Cardholder name').fill('Ann Viewer');
  // A new membership's button says Subscribe; an upgrade's says what it charges now.
  await page.getByRole('button', { name: /^(Subscribe|Upgrade and pay GBP \d+\.\d\d)$/ }).click();
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
    // Paying ends on words that say it worked.
    await expect(page.getByRole('status')).toHaveText("Payment complete. You're now on the Basic plan.");
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
    // It asks first, naming the end date; the harmless choice has focus, and Escape keeps it.
    const cancel = membership.getByRole('button', { name: 'Cancel Membership' });
    await cancel.focus();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Cancel membership?' });
    await expect(confirm).toContainText(`Your membership will end on ${periodEnd}.`);
    await expect(confirm.getByRole('button', { name: 'Keep Membership' })).toBeFocused();
    await expectNoAxeViolations(page, '/account, confirming Cancel Membership');
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(membership).toContainText(`Your next billing date is ${periodEnd}.`);

    await cancel.click();
    await confirm.getByRole('button', { name: 'Finish Cancellation' }).click();
    await expect(membership).toContainText(`Your membership ends on ${periodEnd}.`);
    await expect(membership.getByText(`Your membership ends on ${periodEnd}.`)).toBeFocused();
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
    // The checkout says what it does: an upgrade, for the prorated amount.
    await expect(page).toHaveTitle('Upgrade to Premium – Marquee');
    await expect(page.getByText('Upgrade from Basic to Premium, prorated')).toBeVisible();
    await expect(page.getByText(`GBP ${amount}`).first()).toBeVisible();
    await expect(page.getByRole('button', { name: `Upgrade and pay GBP ${amount}` })).toBeVisible();
    await expect(page.getByText('Subscribe', { exact: false })).toHaveCount(0);
    await pay(page, '5555 5555 5555 4444');
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(page.getByRole('status')).toHaveText("Payment complete. You're now on the Premium plan.");
    await expect(planRow('Premium').getByRole('button', { name: 'Current Package' })).toBeVisible();
    // The renewal date stays.
    await expect(page.getByText(`Renewal date: ${periodEnd}`)).toBeVisible();
    await expect(planRow('Basic')).toContainText(`Your plan changes to Basic on ${periodEnd}; no charge today`);
  });

  await test.step('the billing history lists both charges, newest first, with the cards', async () => {
    await page.goto(`${server.url}/account`);
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('Premium');
    const rows = history.getByRole('row');
    await expect(rows).toHaveCount(5);
    const today = LONG_DATE.format(new Date());
    await expect(rows.nth(1)).toHaveText(
      new RegExp(`${today}.*Upgrade to Premium.*GBP ${amountPattern()}.*Mastercard •••• 4444`),
    );
    // The proration on lines of its own: Premium's remaining time, less Basic's unused time.
    await expect(rows.nth(2)).toHaveText(/Proration.*Remaining time on Premium.*GBP \d+\.\d\d/);
    await expect(rows.nth(3)).toHaveText(/Proration.*Unused time on Basic.*−GBP \d+\.\d\d/);
    await expect(rows.nth(4)).toHaveText(new RegExp(`${today}.*Basic.*GBP 4\\.99.*Visa •••• 4242`));
    await expectNoAxeViolations(page, '/account with billing history');
  });

  await test.step('a downgrade waits for the renewal, and the account page can keep the current plan', async () => {
    await page.getByRole('link', { name: 'Change Plan' }).click();
    await planRow('Basic').getByRole('button', { name: 'Downgrade' }).click();
    await expect(planRow('Basic').getByRole('button', { name: 'Change Scheduled' })).toBeVisible();
    await page.goto(`${server.url}/account`);
    const plan = page.getByRole('region', { name: 'PLAN DETAILS' });
    await expect(plan).toContainText(`Your plan changes to Basic on ${periodEnd}.`);
    await expectNoAxeViolations(page, '/account with a scheduled downgrade');
    await plan.getByRole('button', { name: 'Keep Premium' }).click();
    await expect(plan).not.toContainText('Your plan changes to');
    await expect(plan.getByRole('button', { name: 'Keep Premium' })).toHaveCount(0);
    // The server dropped it: it stays dropped after a reload, and Basic is a downgrade again.
    await page.reload();
    await expect(plan).toContainText('Premium');
    await expect(plan).not.toContainText('Your plan changes to');
    await page.goto(`${server.url}/change-plan`);
    await expect(planRow('Basic').getByRole('button', { name: 'Downgrade' })).toBeEnabled();
  });
});

test('each documented test card gives its own result on the checkout page, and the 3D Secure card its confirm/fail step', async ({
  page,
}) => {
  const planRow = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name }) });
  await signUp(page, server.url, `cards-${Date.now()}@example.com`);
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
  await page.goto(`${server.url}/change-plan`);
  await planRow('Standard').getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByText('Subscribe to Standard')).toBeVisible();
  const alert = page.locator('#pay-alert');
  const subscribe = page.getByRole('button', { name: 'Subscribe' });

  for (const [number, message] of [
    ['4000 0000 0000 0002', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
    ['4000 0000 0000 9987', 'Your card has been declined.'],
    ['4000 0000 0000 0069', 'Your card has expired.'],
    ['4000 0000 0000 0119', 'An error occurred while processing your card. Try again in a little bit.'],
  ] as const) {
    await test.step(`${number}: "${message}"`, async () => {
      await pay(page, number);
      await expect(alert).toHaveText(message);
      // Focus is not dropped while the payment runs: the button has it back, ready to try again.
      await expect(subscribe).toBeFocused();
      await expect(page).toHaveURL(/\/checkout\//);
    });
  }

  await test.step('4000 0000 0000 0127: the security code is wrong, said at its field', async () => {
    await pay(page, '4000 0000 0000 0127');
    const cvc = page.getByLabel(/Security code/);
    await expect(cvc).toHaveAttribute('aria-invalid', 'true');
    await expect(cvc).toHaveAccessibleDescription("Your card's security code is incorrect.");
    await expect(cvc).toBeFocused();
    // Its neighbour keeps its own height beside the message.
    const [expiryBox, cvcBox] = await Promise.all([page.getByLabel(/Expiry/).boundingBox(), cvc.boundingBox()]);
    expect(expiryBox!.y).toBe(cvcBox!.y);
    expect(expiryBox!.height).toBe(cvcBox!.height);
    await expectNoAxeViolations(page, 'checkout, a card refused at its field');
  });

  await test.step('4000 0025 0000 3155 asks for authentication: failing it charges nothing', async () => {
    await pay(page, '4000 0025 0000 3155');
    const step = page.getByRole('region', { name: '3D Secure test payment page' });
    await expect(step).toBeVisible();
    await expectNoAxeViolations(page, 'checkout, the 3D Secure step');
    await step.getByRole('button', { name: 'Fail authentication' }).click();
    await expect(alert).toHaveText(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    await expect(subscribe).toBeFocused();
  });

  await test.step('completing it pays: Standard is the current plan', async () => {
    await pay(page, '4000 0025 0000 3155');
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(planRow('Standard').getByRole('button', { name: 'Current Package' })).toBeVisible();
    await page.goto(`${server.url}/account`);
    const rows = page.getByRole('region', { name: 'BILLING HISTORY' }).getByRole('row');
    // One charge only, whatever was declined before it.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toHaveText(/Standard.*GBP 6\.99.*Visa •••• 3155/);
  });
});

const amountPattern = () => '\\d+\\.\\d\\d';
