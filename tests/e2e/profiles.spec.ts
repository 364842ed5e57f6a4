import { type Page } from '@playwright/test';

import { signUp as signUpAs } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

async function signUp(page: Page, email: string) {
  await signUpAs(page, server.url, email);
  await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
}

test('a household creates, renames, deletes and switches profiles, and opens the account page', async ({ page }) => {
  // Sign-up names the first profile from the e-mail's local part, before the "+tag": "Ann".
  const email = `ann+household-${Date.now()}@example.com`;
  const menuButton = page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });
  const grid = page.getByRole('main');
  const whosWatching = page.getByRole('heading', { name: "Who's Watching?" });

  await signUp(page, email);

  await test.step('a new account already has its first profile, active and named from the e-mail', async () => {
    await expect(menuButton).toHaveAccessibleName('Profile menu for Ann');
    await menuButton.click();
    // Nobody else to switch to yet: no profile names in the menu.
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Switch Profiles',
      'My List',
      'Account',
      'Sign Out',
    ]);
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    await expect(whosWatching).toBeVisible();
    await expect(grid.getByRole('button', { name: 'Ann', exact: true })).toHaveAttribute('aria-current', 'true');
    await grid.getByRole('button', { name: 'Add Profile' }).click();
    await expect(page).toHaveURL(`${server.url}/add-profile`);
    // The address changes before the screen's chunk has loaded: scan the screen, not the fallback.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Profile' })).toBeVisible();
    await expectNoAxeViolations(page, '/add-profile');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(whosWatching).toBeVisible();
  });

  await test.step('two more profiles are added; the first stays the active one', async () => {
    for (const name of ['Bob', 'Kids']) {
      await grid.getByRole('button', { name: 'Add Profile' }).click();
      await expect(page.getByRole('heading', { name: 'Add Profile' })).toBeVisible();
      await page.getByLabel('Name').fill(name);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(whosWatching).toBeVisible();
      await expect(grid.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(grid.getByRole('button', { name: 'Ann', exact: true })).toHaveAttribute('aria-current', 'true');
    // Who's Watching shows the logo alone, whoever was watching before.
    await expect(page.getByRole('banner').getByRole('navigation')).toHaveCount(0);
    await expect(menuButton).toHaveCount(0);
    await expectNoAxeViolations(page, '/profiles (browse)');
  });

  await test.step("the server's rules reach the form: a duplicate name is refused", async () => {
    await grid.getByRole('button', { name: 'Add Profile' }).click();
    await page.getByLabel('Name').fill('  kids ');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText('You already have a profile called "Kids".');
    await page.getByRole('button', { name: 'Cancel' }).click();
  });

  await test.step('manage mode: Bob is renamed to Robert, Kids is deleted, without a page reload', async () => {
    // A marker on window survives only if the page is never reloaded.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await page.getByRole('button', { name: 'Manage Profiles' }).click();
    await expect(page.getByRole('heading', { name: 'Manage Profiles' })).toBeVisible();
    await expectNoAxeViolations(page, '/profiles (manage)');
    await page.getByRole('button', { name: 'Edit Bob' }).click();
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expectNoAxeViolations(page, 'Edit Profile');
    await page.getByLabel('Name').fill('Robert');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Edit Robert' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit Kids' }).click();
    await page.getByRole('button', { name: 'Delete profile' }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Manage Profiles' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveText(['Ann', 'Robert']);
    expect(await page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(whosWatching).toBeVisible();
  });

  await test.step('the dropdown lists only the other profiles; choosing one switches to it at once', async () => {
    await page.getByRole('link', { name: 'Marquee home' }).click();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await menuButton.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Robert',
      'Switch Profiles',
      'My List',
      'Account',
      'Sign Out',
    ]);
    await expectNoAxeViolations(page, 'the open profile menu');
    await menu.getByRole('menuitem', { name: 'Robert' }).click();
    await expect(menuButton).toHaveAccessibleName('Profile menu for Robert');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('banner')).toContainText('Robert');
    await menuButton.click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Ann',
      'Switch Profiles',
      'My List',
      'Account',
      'Sign Out',
    ]);
    await page.keyboard.press('Escape');
  });

  await test.step('after a reload the active profile is still Robert, read back from the server', async () => {
    await page.evaluate(() => window.localStorage.removeItem('user'));
    await page.reload();
    // With local storage gone the session must come from the cookie and the profiles from the server.
    await expect(menuButton).toHaveAccessibleName('Profile menu for Robert');
    const stored = JSON.parse((await page.evaluate(() => window.localStorage.getItem('user'))) ?? 'null');
    expect(
      stored.profiles.map((profile: { name: string; activeProfile: boolean }) => [profile.name, profile.activeProfile]),
    ).toEqual([
      ['Ann', false],
      ['Robert', true],
    ]);
  });

  await test.step('a new tab with only the session cookie opens /profiles itself, never showing the landing page', async () => {
    const fresh = await page.context().browser()!.newContext();
    await fresh.addCookies(await page.context().cookies());
    const tab = await fresh.newPage();
    // Records whether the landing page ever shows while the session check is on its way.
    await tab.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('Get Started')) Object.assign(window, { marqueeLandingShown: true });
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await tab.goto(`${server.url}/profiles`);
    await expect(tab.getByRole('heading', { name: "Who's Watching?" })).toBeVisible();
    expect(await tab.evaluate(() => (window as { marqueeLandingShown?: boolean }).marqueeLandingShown ?? false)).toBe(
      false,
    );
    await expect(tab).toHaveURL(`${server.url}/profiles`);
    await expect(tab.getByRole('main').getByRole('button', { name: 'Robert', exact: true })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await fresh.close();
  });

  await test.step('/manage-profile edits the active profile', async () => {
    await page.goto(`${server.url}/manage-profile`);
    await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue('Robert');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(whosWatching).toBeVisible();
  });

  await test.step('the account page shows the member-since month, the e-mail and no plan yet', async () => {
    await grid.getByRole('button', { name: 'Robert', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
    const month = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(),
    );
    await expect(page.getByText(`Member Since ${month}`)).toBeVisible();
    await expect(page.getByRole('region', { name: 'MEMBERSHIP & BILLING' })).toContainText(email);
    await expect(page.getByRole('region', { name: 'PLAN DETAILS' })).toContainText('No plan yet');
    await expect(page.getByRole('link', { name: 'Change Plan' })).toHaveAttribute('href', '/change-plan');
    await expectNoAxeViolations(page, '/account');
  });

  await test.step('Sign Out from the account page goes to the landing page', async () => {
    await page.getByRole('main').getByRole('button', { name: 'Sign Out', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
