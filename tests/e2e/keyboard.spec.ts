import { type Locator, type Page } from '@playwright/test';

import { PASSWORD, signUpThroughApi } from './support/accounts';
import { expect, sharedServer, test } from './support/shared-server';

// Three flows done with the keyboard alone: sign in, open a title from a row and close it, and
// switch profile through the top bar's menu. The account and its profiles are made through the
// API first; from then on the page gets only key presses (page.keyboard), and a listener counts
// any pointer or mouse event the page receives to prove it.

const server = sharedServer();
// The first profile, made at sign-up, is named from the e-mail: "Ann".
const email = `ann+keys-${Date.now()}@example.com`;

test.beforeAll(async () => {
  // Setup through the API, as a browser-less client: the account (with Ann, its first and active
  // profile) and a second profile, Bob.
  await signUpThroughApi(server.url, email, ['Bob']);
});

/** Presses Tab (or Shift+Tab) until `target` has focus, failing after `max` presses. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 25 } = {}) {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target, `reached by ${key} within ${max} presses`).toBeFocused();
}

/** Focus is on `target` and visibly so: it matches :focus-visible and draws an outline. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
    };
  });
  expect(ring.focusVisible, 'matches :focus-visible').toBe(true);
  expect(ring.outline, 'draws an outline').not.toBe('none');
  expect(ring.width, 'outline width').toBeGreaterThan(0);
}

test('keyboard only: sign in, open and close a title from a row, switch profile from the top bar', async ({ page }) => {
  test.slow(); // Three flows and a sign-in (argon2) in one test.
  const banner = page.getByRole('banner');
  const menuButton = banner.getByRole('button', { name: /^Profile menu/ });

  // Counts every pointer and mouse event the page sees, on every document it loads.
  await page.addInitScript(() => {
    const counter = window as unknown as { __mouseEvents: number };
    counter.__mouseEvents = 0;
    for (const type of ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'click', 'pointermove', 'mousemove']) {
      window.addEventListener(
        type,
        (event) => {
          // A keyboard-activated button fires a synthetic `click` with detail 0: that one is fine.
          if (event.type === 'click' && (event as MouseEvent).detail === 0) return;
          counter.__mouseEvents += 1;
        },
        true,
      );
    }
  });
  await page.goto(server.url);
  await expect(page.getByRole('heading', { name: 'Unlimited films, TV programmes and more.' })).toBeVisible();

  await test.step("sign in: Tab to the Sign In link, Enter, type the e-mail and password, Enter, then Ann's tile", async () => {
    const signIn = banner.getByRole('link', { name: 'Sign In' });
    await tabTo(page, signIn);
    await expectVisibleFocus(signIn);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Sign In', level: 1 })).toBeVisible();

    const emailField = page.getByLabel('Email', { exact: true });
    await tabTo(page, emailField);
    await expectVisibleFocus(emailField);
    await page.keyboard.type(email);
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page.getByLabel('Password'));
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    // Two profiles: "Who's Watching?" comes first.
    await expect(page.getByRole('heading', { name: "Who's Watching?" })).toBeVisible();
    const annTile = page.getByRole('main').getByRole('button', { name: 'Ann', exact: true });
    await expect(annTile).toBeEnabled();
    await tabTo(page, annTile);
    await expectVisibleFocus(annTile);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(menuButton).toHaveAccessibleName('Profile menu for Ann');
  });

  await test.step('a title: Tab to a row, an arrow to the next card, Enter opens it, Escape closes it', async () => {
    const row = page.getByRole('region', { name: 'Trending Now' });
    const cards = row.getByRole('button');
    await expect(cards.nth(1)).toBeVisible({ timeout: 20_000 });
    // The row is one tab stop: Tab lands on its first card, the arrow keys move along it.
    await tabTo(page, cards.first(), { max: 40 });
    await expectVisibleFocus(cards.first());
    await page.keyboard.press('ArrowRight');
    const card = cards.nth(1);
    await expectVisibleFocus(card);
    const name = await card.getByRole('img').getAttribute('alt');
    expect(name).toBeTruthy();

    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name!);
    // Focus moved into the dialog, on a control that shows it.
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await expectVisibleFocus(dialog.locator(':focus'));

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    // Focus is back on the card that opened it, still visible.
    await expectVisibleFocus(card);
  });

  await test.step('switch profile: the menu by keyboard offers only Bob, and Enter switches to him', async () => {
    await tabTo(page, menuButton, { backwards: true, max: 40 });
    await expectVisibleFocus(menuButton);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Ann' })).toHaveCount(0);
    const bob = menu.getByRole('menuitem', { name: 'Bob' });
    const switchProfiles = menu.getByRole('menuitem', { name: 'Switch Profiles' });
    // Opened by keyboard, the menu focuses its first item; the arrows move the highlight.
    await expect(bob).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(switchProfiles).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(bob).toBeFocused();
    await expect(bob).toHaveAttribute('data-highlighted', '');
    await page.keyboard.press('Enter');

    // Switched in place: still home, now as Bob, and focus back on the menu's button.
    await expect(menuButton).toHaveAccessibleName('Profile menu for Bob');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expectVisibleFocus(menuButton);
  });

  expect(
    await page.evaluate(() => (window as unknown as { __mouseEvents: number }).__mouseEvents),
    'mouse or pointer events',
  ).toBe(0);
});
