import { type Locator, type Page } from '@playwright/test';

import { signUp, signUpAsMember } from './support/accounts';
import { expect, sharedServer, test } from './support/shared-server';

// The household walk's findings on a real home: cards sized for the screen (about three posters
// to a phone's row, six or more backdrops at 1440px), legible search tiles on a phone, the detail
// art whole at 320px, and with the keyboard: the card at a row's right edge clear of the arrow,
// and focus back on the card after Play, Esc, Esc.
const server = sharedServer();

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
  width: number;
  height: number;
}

const boxOf = (locator: Locator): Promise<Box> =>
  locator.evaluate((element) => {
    const { left, right, top, bottom, width, height } = element.getBoundingClientRect();
    return { left, right, top, bottom, width, height };
  });

/** The box of `locator` once it has stopped moving (a row's smooth scroll). */
async function settledBox(page: Page, locator: Locator): Promise<Box> {
  let last = await boxOf(locator);
  let still = 0;
  // Three reads 100 ms apart in the same place: a smooth scroll that has yet to start is not "stopped".
  for (let attempt = 0; attempt < 40 && still < 3; attempt++) {
    await page.waitForTimeout(100);
    const now = await boxOf(locator);
    still = now.left === last.left ? still + 1 : 0;
    last = now;
  }
  return last;
}

/** The cards of `row` wholly inside its scrolling list's visible box and the window. */
async function cardsInView(row: Locator): Promise<Box[]> {
  return row.evaluate((section) => {
    const list = section.querySelector('ul')!.getBoundingClientRect();
    return [...section.querySelectorAll('ul > li > button')]
      .map((card) => card.getBoundingClientRect())
      .filter(
        (card) =>
          card.left >= list.left - 1 && card.right <= Math.min(list.right, window.innerWidth) + 1 && card.width > 0,
      )
      .map(({ left, right, top, bottom, width, height }) => ({ left, right, top, bottom, width, height }));
  });
}

/** Home at a window size; a member (with a plan) where the test plays. */
async function homeAt(page: Page, width: number, height: number, member = false) {
  await page.setViewportSize({ width, height });
  await (member ? signUpAsMember : signUp)(page, server.url);
  const row = page.getByRole('region', { name: 'Trending Now' });
  await expect(row.getByRole('button').nth(3)).toBeVisible({ timeout: 20_000 });
  // The art in, so the screenshot shows what a viewer sees.
  await expect
    .poll(() =>
      row
        .locator('img')
        .evaluateAll((images) => images.slice(0, 3).every((image) => (image as HTMLImageElement).complete)),
    )
    .toBe(true);
  return row;
}

test('at 390px a row shows about three posters', async ({ page }, testInfo) => {
  const row = await homeAt(page, 390, 844);
  await row.scrollIntoViewIfNeeded();
  const cards = await cardsInView(row);
  expect(cards.length, 'whole cards in the row').toBeGreaterThanOrEqual(3);
  for (const card of cards) expect(card.height / card.width, 'a poster’s shape').toBeCloseTo(1.5, 1);
  // The poster, not the backdrop cropped: the phone's source of the card's <picture>.
  const art = row.locator('ul > li img').first();
  await expect.poll(() => art.evaluate((image) => (image as HTMLImageElement).currentSrc)).toContain('/w185/');
  await page.screenshot({ path: testInfo.outputPath('home-390.png') });
});

test('at 1440px a row shows six backdrops or more', async ({ page }, testInfo) => {
  const row = await homeAt(page, 1440, 900);
  const cards = await cardsInView(row);
  expect(cards.length, 'whole cards in the row').toBeGreaterThanOrEqual(6);
  for (const card of cards) expect(card.width / card.height, 'a backdrop’s shape').toBeCloseTo(16 / 9, 1);
  // The row at the window's top, with the rows under it.
  await row.evaluate((section) => window.scrollBy(0, section.getBoundingClientRect().top - 80));
  await page.screenshot({ path: testInfo.outputPath('home-1440.png') });
});

test('at 390px search tiles are two to a row, their art legible', async ({ page }, testInfo) => {
  await homeAt(page, 390, 844);
  await page.goto(`${server.url}/search?q=comedy`);
  const tiles = page.getByRole('main').getByRole('listitem');
  await expect(tiles.nth(3)).toBeVisible({ timeout: 20_000 });
  const first = await boxOf(tiles.nth(0));
  const second = await boxOf(tiles.nth(1));
  const third = await boxOf(tiles.nth(2));
  expect(first.width, 'a tile’s width').toBeGreaterThanOrEqual(160);
  expect(second.top, 'the second tile beside the first').toBeCloseTo(first.top, 0);
  expect(third.top, 'the third tile on the next line').toBeGreaterThan(first.bottom);
  await page.screenshot({ path: testInfo.outputPath('search-390.png') });
});

test('at 320px the detail view’s art is not cropped at its sides', async ({ page }, testInfo) => {
  const row = await homeAt(page, 320, 640);
  await row.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  const art = dialog.locator('img').first();
  await expect(art).toBeVisible();
  const box = await boxOf(art);
  // The art is 16:9 with the title drawn at its left: a box of another shape crops it.
  expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
  await page.screenshot({ path: testInfo.outputPath('detail-320.png') });
});

test('keyboard: the card at a row’s right edge is clear of the arrow; after Play, Esc, Esc focus is on the card', async ({
  page,
}) => {
  test.slow(); // A sign-up, the player, and back.
  const row = await homeAt(page, 1440, 900, true);
  const cards = row.locator('ul > li > button');
  const next = row.getByRole('button', { name: 'Show more titles' });

  await test.step('arrows along the row: each focused card wholly in view, none under the arrow', async () => {
    await cards.first().focus();
    for (let index = 1; index <= 8; index++) {
      await page.keyboard.press('ArrowRight');
      const card = cards.nth(index);
      await expect(card).toBeFocused();
      const box = await settledBox(page, card);
      expect(box.right, `card ${index} inside the window`).toBeLessThanOrEqual(1440);
      if (await next.isVisible()) {
        const arrow = await boxOf(next);
        expect(box.right, `card ${index} clear of the next arrow`).toBeLessThanOrEqual(arrow.left);
      }
    }
  });

  await test.step('Enter opens it, Play plays it, Esc leaves the player, Esc closes the view', async () => {
    const name = await cards.nth(8).locator('img').getAttribute('alt');
    expect(name).toBeTruthy();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Play', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/watch\//);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The app's player is there and playing (its keys are listened to from then on).
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/title\//);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${server.url}/`);
    // The page beneath was rendered afresh: focus is on its card for the same title, in view.
    const card = row.getByRole('button', { name: name!, exact: true });
    await expect(card).toBeFocused();
    await expect(card).toBeInViewport({ ratio: 1 });
  });
});
