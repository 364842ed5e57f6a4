import { browseFirst } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

// A household's profiles: an avatar chosen in Edit Profile shows on Who's Watching and in the
// menu; a locked profile asks for its PIN, and refuses even the right one after five wrong ones.
const server = sharedServer();

test('an avatar chosen in Edit Profile, and a locked profile that refuses a wrong PIN after the limit', async ({
  page,
}) => {
  const email = `ann+household-${Date.now()}@example.com`;
  const password = 'popcorn-42';
  const menuButton = page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });
  const main = page.getByRole('main');
  const whosWatching = page.getByRole('heading', { name: "Who's Watching?" });

  await test.step('sign up, and add a second profile', async () => {
    await page.goto(server.url);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Sign-up leads to choosing a plan; this test browses first.
    await browseFirst(page);
    await expect(menuButton).toHaveAccessibleName('Profile menu for Ann');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    await main.getByRole('button', { name: 'Add Profile' }).click();
    await page.getByLabel('Name').fill('Bob');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByRole('button', { name: 'Bob', exact: true })).toBeVisible();
  });

  await test.step("Edit Profile: a new avatar shows on Who's Watching and in the menu", async () => {
    await page.getByRole('button', { name: 'Manage Profiles' }).click();
    await main.getByRole('button', { name: 'Edit Ann' }).click();
    await page.getByRole('radio', { name: 'Teal, calm' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('button', { name: 'Done' }).click();
    await expect(whosWatching).toBeVisible();
    await expect(main.getByRole('button', { name: 'Ann', exact: true }).locator('[data-avatar]')).toHaveAttribute(
      'data-avatar',
      'teal-calm',
    );
    await main.getByRole('button', { name: 'Ann', exact: true }).click();
    await expect(menuButton.locator('[data-avatar]')).toHaveAttribute('data-avatar', 'teal-calm');
  });

  await test.step('Profile Lock: a PIN set with the account password', async () => {
    await page.goto(`${server.url}/manage-profile`);
    // Its own section: the maturity rating asks for the account password too.
    const lock = page.getByRole('region', { name: 'Profile Lock' });
    await lock.getByLabel('Account password').fill(password);
    await lock.getByLabel('4-digit PIN').fill('4321');
    await lock.getByRole('button', { name: 'Lock profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Profile Lock saved.' })).toBeVisible();
  });

  await test.step('choosing the locked profile asks for its PIN, with no navigation', async () => {
    await page.goto(`${server.url}/profiles`);
    await main.getByRole('button', { name: 'Bob', exact: true }).click();
    await expect(menuButton).toHaveAccessibleName('Profile menu for Bob');
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    // The tile says the profile is locked.
    await main.getByRole('button', { name: 'Ann Locked', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Profile Lock is on' })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.getByLabel('PIN for Ann')).toBeFocused();
    await expectNoAxeViolations(page, 'the PIN prompt');
  });

  await test.step('five wrong PINs, then even the right one is refused', async () => {
    const pin = page.getByLabel('PIN for Ann');
    const alert = page.getByRole('alert').filter({ hasText: /PIN/ });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await pin.fill(`000${attempt}`);
      await expect(alert).toHaveText('That PIN is not right. Try again.');
      await expect(pin).toHaveValue('');
    }
    await pin.fill('4321');
    await expect(alert).toHaveText('Too many wrong PINs. Try again in 15 minutes.');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(whosWatching).toBeVisible();
  });
});
