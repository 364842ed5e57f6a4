import { type Page } from '@playwright/test';

import { signUpInPage as signUpAs, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

const ROWS = [
  'MARQUEE ORIGINALS',
  'Trending Now',
  'Top Rated',
  'Action Movies',
  'Comedy Movies',
  'Horror Movies',
  'Romance Movies',
  'Documentaries',
];

const signUp = (page: Page) => signUpAs(page, server.url, uniqueEmail('browser'));

/** The trailer's <video> inside the embed page really plays: its currentTime moves on. */
async function expectTrailerPlaying(page: Page, frameTitle: RegExp) {
  const frame = page.frameLocator(`iframe[title]`).first();
  await expect(page.locator('iframe').first()).toHaveAttribute('title', frameTitle);
  const video = frame.locator('video');
  await expect(video).toHaveCount(1);
  const time = () => video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect.poll(time, { timeout: 15_000 }).toBeGreaterThan(0.5);
  const first = await time();
  await expect.poll(time, { timeout: 10_000 }).toBeGreaterThan(first);
}

test('home: eight rows with real images, a modal whose trailer plays, and search by prefix', async ({ page }) => {
  await signUp(page);

  await test.step('the eight rows appear in order, each with loaded artwork', async () => {
    // The Top 10 (tests/e2e/activity.spec.ts) sits under the second.
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(
      [...ROWS.slice(0, 2), 'Top 10 Today', ...ROWS.slice(2)],
      {
        timeout: 20_000,
      },
    );
    for (const heading of ROWS) {
      const row = page.getByRole('region', { name: heading });
      // A row below the first screen shows its cards as it nears the viewport.
      await row.scrollIntoViewIfNeeded();
      const image = row.getByRole('img').first();
      await image.scrollIntoViewIfNeeded();
      await expect
        // A fresh server draws each generated art once, a few at a time: on a busy machine a
        // row's first can wait behind the hero's, the other rows' and the Top 10's.
        .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), {
          timeout: 30_000,
        })
        .toBeGreaterThan(0);
      expect(await row.getByRole('button').count()).toBeGreaterThanOrEqual(10);
    }
  });

  await test.step('the hero shows a trending title with Play and More Info', async () => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'More Info' })).toBeVisible();
    await expectNoAxeViolations(page, 'home, with its rows loaded');
  });

  await test.step("a card opens its modal, and Trailer really plays the title's trailer", async () => {
    const card = page.getByRole('region', { name: 'Comedy Movies' }).getByRole('listitem').getByRole('button').first();
    // The card is named by its art's alt: the art carries the title, so the card prints it no second time.
    const name = (await card.getByRole('img').getAttribute('alt')) ?? '';
    await card.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name.trim());
    await expectNoAxeViolations(page, 'the detail modal');
    await dialog.getByRole('button', { name: 'Trailer' }).click();
    await expectTrailerPlaying(page, /trailer$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('search by a prefix and open a result', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('strang');
    await expect(page.getByRole('heading', { name: /Results for/ })).toBeVisible();
    const result = page.getByRole('button', { name: 'Stranger Things' });
    await expect(result).toBeVisible();
    await expectNoAxeViolations(page, 'search results');
    await result.click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: 'Stranger Things' })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('2016');
  });
});
