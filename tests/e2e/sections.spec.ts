import { type Page } from '@playwright/test';

import { signUpInPage as signUpAs, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

// The top bar's sections (docs/decisions.md, "Sections"): Home, TV Shows, Films, New & Popular
// and My List, as links on wide screens and a Browse menu on phones; each is a route.
const server = sharedServer();

async function signUp(page: Page) {
  await signUpAs(page, server.url, uniqueEmail('sections'));
  await expect(page.getByRole('region', { name: 'Trending Now' })).toBeVisible();
}

const sections = (page: Page) => page.getByRole('navigation', { name: 'Sections' });

/**
 * A row (or grid) with at least one title card in it. A row below the first screen loads and shows
 * its cards as it nears the viewport, as home's do.
 */
async function expectFilledRegion(page: Page, name: string) {
  const region = page.getByRole('region', { name, exact: true });
  // The loaded row replaces its skeleton's region: a scroll that meets the old one tries again.
  await expect(async () => {
    await region.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(region.getByRole('button').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

test.describe('at 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('each section link goes to its page, with its heading and rows, and marks itself current', async ({ page }) => {
    await signUp(page);
    const nav = sections(page);
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Browse' })).toBeHidden();

    await test.step('TV Shows: a row per genre', async () => {
      await nav.getByRole('link', { name: 'TV Shows' }).click();
      await expect(page).toHaveURL(`${server.url}/tv`);
      await expect(page.getByRole('heading', { level: 1, name: 'TV Shows' })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'TV Shows' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
      await expectFilledRegion(page, 'Drama');
      await expectFilledRegion(page, 'Sci-Fi & Fantasy');
      await expectNoAxeViolations(page, 'TV Shows');
    });

    await test.step("Films: a row per genre, and a card opens the title's detail view", async () => {
      await nav.getByRole('link', { name: 'Films' }).click();
      await expect(page).toHaveURL(`${server.url}/films`);
      await expect(page.getByRole('heading', { level: 1, name: 'Films' })).toBeVisible();
      await expectFilledRegion(page, 'Action');
      await expectFilledRegion(page, 'Comedy');
      await expectNoAxeViolations(page, 'Films');
      const card = page.getByRole('region', { name: 'Action', exact: true }).getByRole('button').first();
      const name = (await card.locator('img').getAttribute('alt'))!;
      await card.click();
      await expect(page).toHaveURL(/\/title\/movie\/\d+$/);
      await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(name);
      await page.goBack();
      await expect(page).toHaveURL(`${server.url}/films`);
      await expect(page.getByRole('dialog')).toBeHidden();
    });

    await test.step('New & Popular: new, trending and the top 10s; nothing released is "coming"', async () => {
      await nav.getByRole('link', { name: 'New & Popular' }).click();
      await expect(page).toHaveURL(`${server.url}/new`);
      await expect(page.getByRole('heading', { level: 1, name: 'New & Popular' })).toBeVisible();
      for (const row of ['New on Marquee', 'Trending This Week', 'Top 10 TV Shows Today']) {
        await expectFilledRegion(page, row);
      }
      await expectFilledRegion(page, 'Top 10 Films Today');
      // The embedded catalogue's newest titles (its "upcoming" list) are all out by now: Coming
      // Soon keeps only titles dated after today, so here it is left out, and no card says "Coming".
      await expect(page.getByRole('region', { name: 'Coming Soon', exact: true })).toHaveCount(0);
      await expect(page.getByText(/^Coming [A-Z][a-z]+ \d{1,2}$/)).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Top 10 TV Shows Today' }).getByRole('listitem')).toHaveCount(10);
      await expectNoAxeViolations(page, 'New & Popular');
    });

    await test.step('My List, then Home', async () => {
      await nav.getByRole('link', { name: 'My List' }).click();
      await expect(page).toHaveURL(`${server.url}/my-list`);
      await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
      await nav.getByRole('link', { name: 'Home' }).click();
      await expect(page).toHaveURL(`${server.url}/`);
      await expect(page.getByRole('region', { name: 'Trending Now' })).toBeVisible();
    });
  });

  test('the Genres menu shows one genre as a grid, in the address: reload and Back keep it', async ({ page }) => {
    await signUp(page);
    await sections(page).getByRole('link', { name: 'TV Shows' }).click();
    const filter = page.getByRole('button', { name: 'Genres: All genres' });
    await expect(filter).toBeEnabled();
    const menu = page.getByRole('menu');

    await test.step('arrow keys move through the genres without applying one', async () => {
      // A native select applied a genre at each arrow key (Chromium on Linux): the rows reloaded at every step.
      await filter.focus();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitem', { name: 'All genres' })).toBeFocused();
      await expect(menu.getByRole('menuitem', { name: 'All genres' })).toHaveAttribute('aria-current', 'page');
      // Only genres with titles are offered: the catalogue has no news series.
      await expect(menu.getByRole('menuitem', { name: 'Drama' })).toBeVisible();
      await expect(menu.getByRole('menuitem', { name: 'News' })).toHaveCount(0);
      for (const index of [1, 2]) {
        await page.keyboard.press('ArrowDown');
        await expect(menu.getByRole('menuitem').nth(index)).toBeFocused();
        await expect(page).toHaveURL(`${server.url}/tv`);
      }
      await expectNoAxeViolations(page, 'TV Shows, the Genres menu open');
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(filter).toBeFocused();
      await expect(page).toHaveURL(`${server.url}/tv`);
    });

    await test.step('choosing Drama shows its grid at /tv?genre=18', async () => {
      await filter.click();
      await expect(menu.getByRole('menuitem', { name: 'Drama' })).toHaveAttribute('href', '/tv?genre=18');
      await menu.getByRole('menuitem', { name: 'Drama' }).click();
      await expect(page).toHaveURL(`${server.url}/tv?genre=18`);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('button', { name: 'Genres: Drama' })).toBeVisible();
      const grid = page.getByRole('region', { name: 'Drama', exact: true });
      await expect(grid.getByRole('listitem')).toHaveCount(20);
      await expect(page.getByRole('region', { name: 'Comedy', exact: true })).toHaveCount(0);
      await expectNoAxeViolations(page, 'TV Shows, Drama');
    });

    await test.step('reloading keeps the genre', async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: 'Genres: Drama' })).toBeEnabled();
      await expect(page.getByRole('region', { name: 'Drama', exact: true }).getByRole('listitem')).toHaveCount(20);
    });

    await test.step('by keyboard: Enter on All genres goes back to every genre', async () => {
      const chosen = page.getByRole('button', { name: 'Genres: Drama' });
      await chosen.focus();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitem', { name: 'Drama' })).toHaveAttribute('aria-current', 'page');
      await expect(menu.getByRole('menuitem', { name: 'All genres' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${server.url}/tv`);
      await expect(page.getByRole('button', { name: 'Genres: All genres' })).toBeVisible();
      await expectFilledRegion(page, 'Comedy');
    });

    await test.step('Back returns to the genre, and Back again to every genre', async () => {
      await page.goBack();
      await expect(page).toHaveURL(`${server.url}/tv?genre=18`);
      await expect(page.getByRole('button', { name: 'Genres: Drama' })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(`${server.url}/tv`);
      await expect(page.getByRole('button', { name: 'Genres: All genres' })).toBeVisible();
      await expectFilledRegion(page, 'Comedy');
    });

    await test.step('an address naming no genre says so', async () => {
      await page.goto(`${server.url}/films?genre=4242`);
      await expect(page.getByRole('alert')).toContainText('There is no genre 4242 in Films.');
    });
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the Browse menu lists the sections and goes to the one chosen', async ({ page }) => {
    await signUp(page);
    const browse = page.getByRole('button', { name: 'Browse' });
    await expect(sections(page).getByRole('link')).toHaveCount(0);

    await browse.click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem')).toHaveText(['Home', 'TV Shows', 'Films', 'New & Popular', 'My List']);
    await expect(menu.getByRole('menuitem', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page, 'the Browse menu open');
    await menu.getByRole('menuitem', { name: 'Films' }).click();
    await expect(page).toHaveURL(`${server.url}/films`);
    await expect(page.getByRole('heading', { level: 1, name: 'Films' })).toBeVisible();
    await expect(menu).toBeHidden();

    await test.step('by keyboard: Enter opens it, arrows and Enter choose New & Popular', async () => {
      // The pointer still rests where Films was clicked; Chromium sends a mouse move when the menu
      // opens under it, and Radix focuses the item it lands on. Keep it off the menu.
      await page.mouse.move(187, 800);
      await browse.focus();
      await page.keyboard.press('Enter');
      await expect(menu.getByRole('menuitem', { name: 'Home' })).toBeFocused();
      for (const name of ['TV Shows', 'Films', 'New & Popular']) {
        await page.keyboard.press('ArrowDown');
        await expect(menu.getByRole('menuitem', { name })).toBeFocused();
      }
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(`${server.url}/new`);
      await expect(page.getByRole('heading', { level: 1, name: 'New & Popular' })).toBeVisible();
      await expect(browse).toBeFocused();
    });
    await expectFilledRegion(page, 'Top 10 Films Today');
    await expectNoAxeViolations(page, 'New & Popular at 375 px');
  });
});

// docs/decisions.md, "Section pages' first screen": the server paints a section page's heading and
// first row with the page, from the app's own components; the app's row takes its place.
for (const [width, height] of [
  [412, 915],
  [1440, 900],
] as const) {
  test.describe(`the first row painted with the page, at ${width} px`, () => {
    test.use({ viewport: { width, height } });

    test("TV Shows and New & Popular paint their heading and first row before the scripts; the app's row takes over in place", async ({
      page,
    }) => {
      await signUp(page);
      for (const [path, heading, row] of [
        ['/tv', 'TV Shows', 'Action & Adventure'],
        ['/new', 'New & Popular', 'New on Marquee'],
      ] as const) {
        // The page's scripts wait until the painted page has been looked at.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route('**/assets/*.js', async (route) => {
          await held;
          await route.continue();
        });
        await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
        // Inert, so out of the accessibility tree: found by its markup.
        const painted = page.locator('#prerendered-row');
        await expect(painted.locator('h1')).toHaveText(heading);
        await expect(painted.locator('h2')).toHaveText(row);
        const paintedCard = painted.locator('li img').first();
        await expect(paintedCard).toHaveJSProperty('complete', true);
        await expect(paintedCard).toHaveAttribute('fetchpriority', 'high');
        const name = (await paintedCard.getAttribute('alt'))!;
        const box = (await paintedCard.boundingBox())!;

        release();
        await expect(painted).toHaveCount(0);
        const card = page.getByRole('region', { name: row, exact: true }).getByRole('button').first();
        await expect(card).toHaveAccessibleName(name);
        // Where the painted card was: nothing moved when the app's row came in beneath it.
        expect(await card.locator('img').boundingBox()).toEqual(box);
        await expect(card.locator('img')).toHaveAttribute('fetchpriority', 'high');
        await page.unrouteAll();
      }
    });
  });
}
