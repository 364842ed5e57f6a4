import { type APIRequestContext, expect, type Page, request } from '@playwright/test';

import { PRODUCTS_SEED } from '../../../server/checkout/products-seed';
import { payOnTestCheckout, TEST_CARD } from './test-checkout';

/** The password every e2e account uses. */
export const PASSWORD = 'popcorn-42';

/** An address no other test has used: `{label}-{time}-{random}@example.com`. */
export const uniqueEmail = (label = 'viewer') =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/** The join step's heading, where sign-up lands (docs/billing.md, Joining). */
export const JOIN_STEP_HEADING = "Choose the plan that's right for you";

/**
 * The join step after Sign Up: "Browse first" goes on to the home page without a plan (browsing
 * works; Play offers the plans). What to wait for on home is the caller's.
 */
export async function browseFirst(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: JOIN_STEP_HEADING })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Browse first' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Signs up as a visitor does, from the landing page: e-mail, Get Started, password, Sign Up, then
 * at the join step "Browse first" (`join: false`, the default) or nothing, leaving the page on the
 * join step (`join: true`). On home, what to wait for is the caller's (the first profile is named
 * from the e-mail, docs/decisions.md).
 */
export async function signUp(
  page: Page,
  baseUrl: string,
  email = uniqueEmail(),
  { join = false }: { join?: boolean } = {},
): Promise<string> {
  await page.goto(baseUrl);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  if (!join) await browseFirst(page);
  return email;
}

/**
 * Sets an account up through the API, as a browser-less client: signs up (which makes the first
 * profile) and adds the named profiles. Returns the account's uid.
 */
export async function signUpThroughApi(baseUrl: string, email: string, moreProfiles: string[] = []): Promise<string> {
  const api = await request.newContext({ baseURL: baseUrl });
  try {
    const signedUp = await api.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
    expect(signedUp.status()).toBe(201);
    const { user } = (await signedUp.json()) as { user: { uid: string } };
    for (const name of moreProfiles) {
      expect((await api.post(`/api/documents/customers/${user.uid}/profiles`, { data: { name } })).status()).toBe(201);
    }
    return user.uid;
  } finally {
    await api.dispose();
  }
}

/** Signs in from the landing page's Sign In link; what to wait for afterwards is the caller's. */
export async function signIn(page: Page, baseUrl: string, email: string): Promise<void> {
  await page.goto(baseUrl);
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
}

export type PlanName = 'Basic' | 'Standard' | 'Premium';

/** The test-mode card that pays (shared/billing's card rules). */
export const GOOD_CARD = TEST_CARD.number;

/**
 * Subscribes the signed-in account to a plan as a viewer does: /change-plan, Subscribe on the
 * plan, then the hosted test-mode checkout page paid with 4242 4242 4242 4242, which returns to
 * /change-plan with the plan current. Leaves the page on /change-plan.
 */
export async function subscribe(page: Page, baseUrl: string, plan: PlanName = 'Standard'): Promise<void> {
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: plan }) });
  await page.goto(`${baseUrl}/change-plan`);
  await row.getByRole('button', { name: 'Subscribe' }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(`${baseUrl}/change-plan`, { timeout: 20_000 });
  await expect(row.getByRole('button', { name: 'Current Package' })).toBeVisible();
}

/** On the hosted test-mode checkout page: pays with 4242 4242 4242 4242 (the page returns to success_url). */
export async function payOnCheckout(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/checkout\/cs_test_/, { timeout: 20_000 });
  await page.getByLabel('Card number').fill(GOOD_CARD);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel('Cardholder name').fill('Ann Viewer');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

/**
 * From the join step: choose `plan`, Next, pay on the hosted checkout, and arrive at Who's
 * Watching with the payment confirmed. Leaves the page there.
 */
export async function joinWithPlan(page: Page, baseUrl: string, plan: PlanName = 'Standard'): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: JOIN_STEP_HEADING })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('radio', { name: plan, exact: true }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await payOnCheckout(page);
  await expect(page).toHaveURL(`${baseUrl}/profiles`, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1, name: "Who's Watching?" })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Payment complete.' })).toBeVisible();
}

/**
 * A viewer signed up through the real API in the page's own context (its cookies), as the
 * landing page's form does but without walking it (accounts.spec.ts and join.spec.ts walk it), and
 * on home, without a plan. What to wait for on home is the caller's.
 */
export async function signUpInPage(page: Page, baseUrl: string, email = uniqueEmail()): Promise<string> {
  await signUpInContext(page.request, baseUrl, email);
  await page.goto(baseUrl);
  return email;
}

/**
 * A member, made through the real API in the page's own context, as the app's screens make one
 * but without walking them (join.spec.ts walks sign-up, the join step, the hosted checkout and
 * Who's Watching): signed up, `plan` paid on the test-mode checkout with 4242…, then home with its rows.
 */
export async function signUpAsMember(
  page: Page,
  baseUrl: string,
  email = uniqueEmail(),
  plan: PlanName = 'Standard',
): Promise<string> {
  const uid = await signUpInContext(page.request, baseUrl, email);
  await payThroughApi(page.request, baseUrl, uid, plan);
  await page.goto(baseUrl);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  return email;
}

/** Signs up through the API; the session cookie lands in `api`'s context. Returns the account's uid. */
async function signUpInContext(api: APIRequestContext, baseUrl: string, email: string): Promise<string> {
  const signedUp = await api.post(`${baseUrl}/api/auth/sign-up`, {
    data: { email, password: PASSWORD },
    headers: { origin: baseUrl },
  });
  expect(signedUp.status(), await signedUp.text()).toBe(201);
  return ((await signedUp.json()) as { user: { uid: string } }).user.uid;
}

/** Pays `plan` for the signed-in account through the API, in `api`'s context (its cookies). */
async function payThroughApi(api: APIRequestContext, baseUrl: string, uid: string, plan: PlanName): Promise<void> {
  const price = PRODUCTS_SEED.find((product) => product.name === plan)!.prices[0]!.id;
  await payOnTestCheckout(
    async (method, path, body) => {
      const answer = await api.fetch(`${baseUrl}${path}`, { method, data: body, headers: { origin: baseUrl } });
      return { status: answer.status(), body: await answer.json().catch(() => null) };
    },
    baseUrl,
    uid,
    price,
  );
}
