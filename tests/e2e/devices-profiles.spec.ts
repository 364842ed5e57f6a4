import { type Browser, type Page, request } from '@playwright/test';

import { PASSWORD, signIn, uniqueEmail } from './support/accounts';
import { expect, sharedServer, test } from './support/shared-server';

// The profile a device watches as is its own (its session's): two browsers of one account choose
// different profiles, one of them a 7+ kids profile, and each is limited by its own profile only.
const server = sharedServer();

/** An account with its first profile and "Kid" at 7+, set up through the API; the first profile's name. */
async function householdWithKid(email: string): Promise<string> {
  const api = await request.newContext({ baseURL: server.url });
  try {
    const signedUp = await api.post('/api/auth/sign-up', { data: { email, password: PASSWORD } });
    expect(signedUp.status()).toBe(201);
    const { user } = (await signedUp.json()) as { user: { uid: string } };
    const base = `/api/documents/customers/${user.uid}/profiles`;
    const added = await api.post(base, { data: { name: 'Kid' } });
    expect(added.status()).toBe(201);
    const { profile, profiles } = (await added.json()) as {
      profile: { id: string };
      profiles: Array<{ id: string; name: string }>;
    };
    const level = await api.put(`${base}/${profile.id}/maturity`, { data: { password: PASSWORD, level: '7+' } });
    expect(level.status()).toBe(200);
    return profiles.find((each) => each.id !== profile.id)!.name;
  } finally {
    await api.dispose();
  }
}

/** A browser of its own (its own cookies: another device), signed in and at Who's Watching. */
async function deviceAtTheDoor(browser: Browser, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, server.url, email);
  await expect(page.getByRole('heading', { name: "Who's Watching?" })).toBeVisible();
  return page;
}

const menuButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });

async function choose(page: Page, name: string) {
  await page.getByRole('main').getByRole('button', { name, exact: true }).click();
  await expect(menuButton(page)).toHaveAccessibleName(`Profile menu for ${name}`);
}

async function searchGodfather(page: Page) {
  await page.goto(`${server.url}/search?q=godfather`);
  await expect(page.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('godfather');
}

test('two devices of one account watch as different profiles, each limited by its own', async ({ browser }) => {
  const email = uniqueEmail('devices');
  const adult = await householdWithKid(email);
  const kidsTablet = await deviceAtTheDoor(browser, email);
  const laptop = await deviceAtTheDoor(browser, email);

  await test.step('the tablet chooses Kid, then the laptop chooses the adult', async () => {
    await choose(kidsTablet, 'Kid');
    await choose(laptop, adult);
  });

  await test.step("the laptop's choice did not switch the tablet: after a reload it is still Kid's", async () => {
    await kidsTablet.reload();
    await expect(menuButton(kidsTablet)).toHaveAccessibleName('Profile menu for Kid');
  });

  await test.step('searching "godfather": nothing on the 7+ tablet, the films on the laptop', async () => {
    await searchGodfather(kidsTablet);
    await expect(kidsTablet.getByText('No titles match "godfather".')).toBeVisible();
    await expect(kidsTablet.getByRole('main').getByRole('button', { name: /Godfather/ })).toHaveCount(0);

    await searchGodfather(laptop);
    await expect(laptop.getByRole('main').getByRole('button', { name: 'The Godfather', exact: true })).toBeVisible();
    await expect(menuButton(laptop)).toHaveAccessibleName(`Profile menu for ${adult}`);
  });

  await test.step('the laptop choosing Kid too is limited from then on', async () => {
    await laptop.goto(`${server.url}/profiles`);
    await choose(laptop, 'Kid');
    await searchGodfather(laptop);
    await expect(laptop.getByText('No titles match "godfather".')).toBeVisible();
  });

  await kidsTablet.context().close();
  await laptop.context().close();
});
