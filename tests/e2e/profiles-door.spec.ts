import { browseFirst } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

// Profiles at the door (docs/decisions.md): sign-up makes a first profile named from the e-mail;
// signing in to an account with two or more profiles asks "Who's Watching?" first; the top bar's
// menu offers only the other profiles.
const server = sharedServer();

test("sign up lands with a named profile; with two, signing in asks Who's Watching? first", async ({ page }) => {
  const email = `ann.lee+door-${Date.now()}@example.com`;
  const password = 'popcorn-42';
  const menuButton = page.getByRole('banner').getByRole('button', { name: /^Profile menu/ });
  const main = page.getByRole('main');
  const whosWatching = page.getByRole('heading', { name: "Who's Watching?" });

  await test.step('sign-up lands home with a profile named from the e-mail', async () => {
    await page.goto(server.url);
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign Up' }).click();
    // Sign-up leads to choosing a plan; this test browses first.
    await browseFirst(page);
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(menuButton).toHaveAccessibleName('Profile menu for Ann.lee');
    await expect(page).toHaveURL(`${server.url}/`);
  });

  await test.step('a second profile is added', async () => {
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    await expect(whosWatching).toBeVisible();
    await main.getByRole('button', { name: 'Add Profile' }).click();
    await page.getByLabel('Name').fill('Bob');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(main.getByRole('button', { name: 'Bob', exact: true })).toBeVisible();
    // Adding does not change who is watching.
    await expect(main.getByRole('button', { name: 'Ann.lee', exact: true })).toHaveAttribute('aria-current', 'true');
  });

  await test.step('sign out', async () => {
    // Who's Watching has no menu: back home as Ann.lee first.
    await main.getByRole('button', { name: 'Ann.lee', exact: true }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' })).toBeVisible();
  });

  await test.step("sign in: Who's Watching? shows first", async () => {
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('main').getByRole('button', { name: 'Sign In' }).click();
    await expect(whosWatching).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/profiles`);
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toHaveCount(0);
    await expectNoAxeViolations(page, "Who's Watching? at sign-in");
  });

  await test.step('choosing Bob goes home as Bob; the menu lists only the other profile', async () => {
    await main.getByRole('button', { name: 'Bob', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(menuButton).toHaveAccessibleName('Profile menu for Bob');
    await menuButton.click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
      'Ann.lee',
      'Switch Profiles',
      'My List',
      'Account',
      'Sign Out',
    ]);
    await page.keyboard.press('Escape');
  });

  await test.step('returning signed in (a reload) keeps Bob, without asking again', async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(menuButton).toHaveAccessibleName('Profile menu for Bob');
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
