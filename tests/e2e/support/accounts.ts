import { expect, type Page, request } from '@playwright/test';

/** The password every e2e account uses. */
export const PASSWORD = 'popcorn-42';

/** An address no other test has used: `{label}-{time}-{random}@example.com`. */
export const uniqueEmail = (label = 'viewer') =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;

/**
 * Signs up as a visitor does, from the landing page: e-mail, Get Started, password, Sign Up.
 * What to wait for afterwards is the caller's (sign-up lands on the home page, with the first
 * profile named from the e-mail, docs/decisions.md).
 */
export async function signUp(page: Page, baseUrl: string, email = uniqueEmail()): Promise<string> {
  await page.goto(baseUrl);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Get Started' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up' }).click();
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
export const GOOD_CARD = '4242 4242 4242 4242';

/**
 * Subscribes the signed-in account to a plan as a viewer does: /change-plan, Subscribe on the
 * plan, then the hosted test-mode checkout page paid with 4242 4242 4242 4242, which returns to
 * /change-plan with the plan current. Leaves the page on /change-plan.
 */
export async function subscribe(page: Page, baseUrl: string, plan: PlanName = 'Standard'): Promise<void> {
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: plan }) });
  await page.goto(`${baseUrl}/change-plan`);
  await row.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  await page.getByLabel('Card number').fill(GOOD_CARD);
  await page.getByLabel(/Expiry/).fill('12 / 34');
  await page.getByLabel(/Security code/).fill('123');
  await page.getByLabel('Cardholder name').fill('Ann Viewer');
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(`${baseUrl}/change-plan`, { timeout: 20_000 });
  await expect(row.getByRole('button', { name: 'Current Package' })).toBeVisible();
}

/**
 * A member, as the product makes one: signed up from the landing page, subscribed to `plan`
 * through the hosted checkout, then back on the home page with its rows.
 */
export async function signUpAsMember(
  page: Page,
  baseUrl: string,
  email = uniqueEmail(),
  plan: PlanName = 'Standard',
): Promise<string> {
  await signUp(page, baseUrl, email);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  await subscribe(page, baseUrl, plan);
  await page.goto(baseUrl);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  return email;
}
