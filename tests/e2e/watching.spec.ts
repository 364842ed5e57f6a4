import { type Page } from '@playwright/test';

import { signIn as signInAs, signUpThroughApi, subscribe } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

// Watching's whole flow against the real server: a film played from its detail view on the
// player page, left at about 20 s, found in Continue Watching after a reload, resumed there and
// removed; another title added to My List, kept across a reload, and not seen by another profile.

const server = sharedServer();
// The first profile, made at sign-up, is named from the e-mail: "Ann".
const email = `ann+watching-${Date.now()}@example.com`;

interface ListTitle {
  id: number;
  title: string;
}

test.beforeAll(async ({ browser }) => {
  // The account (with Ann, its first and active profile) and a second profile through the API.
  await signUpThroughApi(server.url, email, ['Ben']);
  // A member, through the plans and the hosted checkout, as a viewer becomes one.
  const page = await browser.newPage();
  try {
    await signIn(page);
    await subscribe(page, server.url);
  } finally {
    await page.close();
  }
});

async function topRated(page: Page): Promise<ListTitle[]> {
  const response = await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`);
  return ((await response.json()) as { results: ListTitle[] }).results;
}

async function signIn(page: Page) {
  await signInAs(page, server.url, email);
  // Two profiles: "Who's Watching?" first.
  await page.getByRole('main').getByRole('button', { name: 'Ann', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Top Rated' })).toBeVisible({ timeout: 20_000 });
}

const video = playerVideo;
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const continueWatching = (page: Page) => page.getByRole('region', { name: 'Continue Watching' });
const myList = (page: Page) => page.getByRole('region', { name: 'My List' });

/** Opens a title's detail view from the Top Rated row. */
async function openFromTopRated(page: Page, film: ListTitle) {
  const row = page.getByRole('region', { name: 'Top Rated' });
  // A row below the first screen shows its cards as it nears the viewport.
  await row.scrollIntoViewIfNeeded();
  await row.getByRole('button', { name: film.title, exact: true }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(film.title);
}

test('Continue Watching and My List, per profile, across reloads', async ({ page }) => {
  test.setTimeout(180_000);
  const [film, other] = await topRated(page).then((titles) => titles.slice(0, 2));
  await signIn(page);

  await test.step('Play in the detail view opens the player page, which streams over HLS', async () => {
    await openFromTopRated(page, film);
    await page.getByRole('dialog').getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/movie/${film.id}$`));
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  });

  let leftAt = 0;
  await test.step('seek with the keyboard to about 20 s, then leave', async () => {
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(19.5);
    // Paused, so the position kept is the one read here however slow the machine is.
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing');
    await page.keyboard.press(' ');
    await expect(page.locator('main')).toHaveAttribute('data-state', 'paused');
    leftAt = Math.floor(await currentTime(page));
    expect(leftAt).toBeLessThan(30);
    await page.keyboard.press('Escape');
    // Back from the player returns to where Play was pressed: the film's detail view, at its address.
    await expect(page).toHaveURL(`${server.url}/title/movie/${film.id}`);
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(film.title);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${server.url}/`);
  });

  await test.step('after a reload, the film is in Continue Watching, first below the hero', async () => {
    await page.reload();
    const row = continueWatching(page);
    await expect(row.getByRole('link', { name: `Play ${film.title}` })).toBeVisible({ timeout: 20_000 });
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(headings[0]).toBe('Continue Watching');
    const progress = row.getByRole('progressbar').first();
    await expect(progress).toHaveAttribute('aria-valuenow', /.+/);
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBeGreaterThan(0);
    await expectNoAxeViolations(page, 'home with Continue Watching');
  });

  await test.step('its Play resumes near 20 s', async () => {
    await continueWatching(page)
      .getByRole('link', { name: `Play ${film.title}` })
      .click();
    const near = [leftAt - 1, leftAt, leftAt + 1].join('|');
    await expect(page).toHaveURL(new RegExp(`/watch/movie/${film.id}\\?t=(${near})$`));
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    expect(await currentTime(page)).toBeGreaterThanOrEqual(leftAt - 2);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${server.url}/`);
  });

  await test.step('the detail view offers to resume, and the film can be removed from the row', async () => {
    await openFromTopRated(page, film);
    await expect(page.getByRole('dialog').getByRole('link', { name: /^Resume from \d+:\d\d$/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await continueWatching(page)
      .getByRole('button', { name: `Remove ${film.title} from Continue Watching` })
      .click();
    await expect(continueWatching(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Top Rated' })).toBeVisible({ timeout: 20_000 });
    await expect(continueWatching(page)).toHaveCount(0);
  });

  await test.step('another title added to My List stays there after a reload', async () => {
    await openFromTopRated(page, other);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add to My List' }).click();
    await expect(dialog.getByRole('button', { name: 'Remove from My List' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(myList(page).getByRole('button', { name: other.title, exact: true })).toBeVisible();
    await page.reload();
    await expect(myList(page).getByRole('button', { name: other.title, exact: true })).toBeVisible({
      timeout: 20_000,
    });
  });

  await test.step('another profile does not see it', async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Profile menu/ })
      .click();
    await page.getByRole('menuitem', { name: 'Switch Profiles' }).click();
    await page.getByRole('main').getByRole('button', { name: 'Ben', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Top Rated' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Trending Now' })).toBeVisible();
    await expect(myList(page)).toHaveCount(0);
    await expect(continueWatching(page)).toHaveCount(0);
  });
});
