import { type Page } from '@playwright/test';

import { signUpInPage as signUpAs, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

async function signUp(page: Page) {
  await signUpAs(page, server.url, uniqueEmail('search'));
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search', exact: true })).toBeVisible();
}

/** The results grouped under why they are there ("Titles with Christopher Nolan"). */
const group = (page: Page, why: string | RegExp) => page.getByRole('main').getByRole('region', { name: why });

test('at 1440 px: "nolan" finds his films, the address keeps the search, clearing returns to home as it was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  let trendingRequests = 0;
  page.on('request', (request) => {
    if (request.url().includes('/tmdb/3/trending/')) trendingRequests++;
  });
  await signUp(page);
  const hero = page.getByRole('main').getByRole('heading', { level: 1 });
  await expect(hero).toBeVisible();
  await expect(page.getByRole('button', { name: 'More Info' })).toBeVisible();
  const heroTitle = await hero.innerText();
  const requestsBefore = trendingRequests;

  await test.step('typing in the top bar goes to /search?q=nolan, and his films are there', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search titles' }).fill('nolan');
    await expect(page).toHaveURL(/\/search\?q=nolan$/);
    const nolan = group(page, 'Titles with Christopher Nolan');
    await expect(nolan.getByRole('button', { name: 'Inception' })).toBeVisible();
    await expect(nolan.getByRole('button', { name: 'Interstellar' })).toBeVisible();
    // The first results are the first screen: their art loads at once, the first card's first.
    const art = nolan.getByRole('listitem').getByRole('img');
    await expect(art.first()).toHaveAttribute('fetchpriority', 'high');
    await expect(art.nth(1)).not.toHaveAttribute('loading', 'lazy');
    await expectNoAxeViolations(page, 'search results for nolan');
  });

  await test.step('clearing returns to home as it was: the same hero, no new trending request', async () => {
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(hero).toHaveText(heroTitle);
    await expect(page.getByRole('region', { name: 'Trending Now' })).toBeVisible();
    expect(trendingRequests).toBe(requestsBefore);
  });

  await test.step('Back walks one step per search, not one per keystroke', async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('searchbox', { name: 'Search titles' }).pressSequentially('tom hanks', { delay: 20 });
    await expect(page).toHaveURL(/\/search\?q=tom\+hanks$/);
    await expect(group(page, 'Titles with Tom Hanks').getByRole('button', { name: 'Forrest Gump' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(hero).toHaveText(heroTitle);
    expect(trendingRequests).toBe(requestsBefore);
  });

  await test.step('reloading /search?q=nolan shows the same results, which came with the page', async () => {
    const searches: string[] = [];
    const record = (request: { url: () => string }) => {
      if (new URL(request.url()).pathname.startsWith('/tmdb/3/search/')) searches.push(request.url());
    };
    page.on('request', record);
    await page.goto(`${server.url}/search?q=nolan`);
    await expect(page.getByRole('searchbox', { name: 'Search titles' })).toHaveValue('nolan');
    await expect(group(page, 'Titles with Christopher Nolan').getByRole('button', { name: 'Inception' })).toBeVisible();
    page.off('request', record);
    // The server's page carries the query's first page (server/web/search-first-screen.ts).
    expect(searches).toEqual([]);
  });

  await test.step('a result opens over the search; Back closes it and the results are still there', async () => {
    await group(page, 'Titles with Christopher Nolan').getByRole('button', { name: 'Inception' }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2, name: 'Inception' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(/\/search\?q=nolan$/);
    await expect(group(page, 'Titles with Christopher Nolan').getByRole('button', { name: 'Inception' })).toBeVisible();
  });
});

test('"comedy" finds comedies, and More results shows more of them', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signUp(page);
  await page.goto(`${server.url}/search?q=comedy`);
  const comedies = group(page, /^Comedy/).first();
  await expect(comedies.getByRole('listitem').first()).toBeVisible();
  const before = await page.getByRole('main').getByRole('listitem').count();
  await page.getByRole('button', { name: 'More results' }).click();
  await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBeGreaterThan(before);
});

for (const width of [375, 360, 320]) {
  test(`at ${width} px: the search icon leads to the search page, whose box finds "nolan"`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signUp(page);
    await test.step('the top bar fits: nothing runs off the right edge', async () => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      // Its controls side by side, none under another (Browse ran under the search icon at 320 px).
      const bar = page.getByRole('banner');
      await expect(bar.getByRole('button', { name: /^Profile menu/ })).toBeVisible();
      const controls = [
        bar.getByRole('link', { name: 'Marquee home' }),
        bar.getByRole('button', { name: 'Browse' }),
        bar.getByRole('button', { name: 'Search', exact: true }),
        bar.getByRole('button', { name: /^Profile menu/ }),
      ];
      // Measured again until all are drawn: the bar's parts can still be arriving, or be replaced
      // between one control's check and the next's measure (a box of null failed a CI run).
      await expect(async () => {
        const boxes = await Promise.all(controls.map((control) => control.boundingBox()));
        for (const [index, box] of boxes.entries()) expect(box, `control ${index} is drawn`).not.toBeNull();
        for (let index = 1; index < boxes.length; index++) {
          expect(boxes[index]!.x, `control ${index} starts after control ${index - 1} ends`).toBeGreaterThanOrEqual(
            boxes[index - 1]!.x + boxes[index - 1]!.width,
          );
        }
      }).toPass({ timeout: 10_000 });
    });
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/search$/);
    const box = page.getByRole('main').getByRole('searchbox', { name: 'Search titles' });
    await expect(box).toBeFocused();
    await box.fill('nolan');
    await expect(page).toHaveURL(/\/search\?q=nolan$/);
    await expect(group(page, 'Titles with Christopher Nolan').getByRole('button', { name: 'Inception' })).toBeVisible();
    await expectNoAxeViolations(page, `search at ${width} px`);
    await page.getByRole('main').getByRole('button', { name: 'Clear search' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  });
}
