import { type Page } from '@playwright/test';

import { COUNTDOWN_SECONDS } from '../../src/machines/watching/end-screen.machine';
import { signUpAsMember, uniqueEmail } from './support/accounts';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

// The player's controls on the real programmes over HLS: the markers media:build gives them
// (the title card is the intro, the end card the credits), Skip Intro, and the end screen.

const server = sharedServer();

const signUp = async (page: Page) => {
  await signUpAsMember(page, server.url, uniqueEmail('controls'));
};

const video = playerVideo;
/** How long the next episode's countdown runs. */
const COUNTDOWN_MS = COUNTDOWN_SECONDS * 1000;
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const playerState = (page: Page) => page.locator('main');

async function first(page: Page, list: string) {
  const response = await page.request.get(`${server.url}/tmdb/3/${list}?api_key=marquee-local-key`);
  return ((await response.json()) as { results: { id: number }[] }).results;
}

test('Skip Intro shows during the intro and jumps past its marker', async ({ page }) => {
  await signUp(page);
  const [film] = await first(page, 'movie/top_rated');
  // The markers the player reads, beside its master under the grant.
  const markers = page.waitForResponse((response) =>
    /^\/media\/grants\/[^/]+\/markers\.json$/.test(new URL(response.url()).pathname),
  );

  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
  const intro = ((await (await markers).json()) as { markers: { kind: string; end: number }[] }).markers[0];
  expect(intro.kind).toBe('intro');
  const skip = page.getByRole('button', { name: 'Skip Intro' });
  await expect(skip).toBeVisible({ timeout: 20_000 });
  // By keyboard: Tab reaches it like any control.
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(skip).toBeHidden();
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  const after = await currentTime(page);
  expect(after).toBeGreaterThanOrEqual(intro.end - 0.1);
  expect(after).toBeLessThan(intro.end + 5);
});

test('the credits bring the end screen with the next episode, counting down', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page);
  const [series] = await first(page, 'tv/top_rated');
  const details = await page.request.get(`${server.url}/tmdb/3/tv/${series.id}?api_key=marquee-local-key`);
  const seasons = ((await details.json()) as { seasons: { season_number: number; episode_count: number }[] }).seasons;
  expect(seasons.find((s) => s.season_number === 1)!.episode_count).toBeGreaterThan(1);

  // Near the end of S1:E1, before its credits (which begin at 2:00).
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/tv/${id}/1/1?t=114`), series.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const end = page.getByRole('region', { name: 'Next episode' });
  await expect(end).toBeHidden();
  await expect(end).toBeVisible({ timeout: 15_000 });
  expect(await currentTime(page)).toBeGreaterThanOrEqual(119.5);
  await expect(end).toContainText('S1:E2 Episode 2');
  await expect(end.getByRole('timer')).toHaveText(/Starts in \d+ s/);
  await expect(end.getByRole('button', { name: 'Play next episode' })).toBeFocused();
  await expect(end.getByRole('button', { name: 'Watch Credits' })).toBeVisible();
  await end.getByRole('button', { name: 'Play next episode' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`/watch/tv/${series.id}/1/2$`));
});

test('with the profile’s autoplay off, the end screen offers the next episode without a countdown', async ({
  page,
}) => {
  // The page's timers run on Playwright's clock, so the wait for a countdown is run, not sat through.
  await page.clock.install();
  await signUp(page);
  // Edit Profile's "Autoplay next episode" off, through the same API the form uses.
  const { user } = (await (await page.request.get(`${server.url}/api/auth/session`)).json()) as {
    user: { uid: string };
  };
  const profiles = `${server.url}/api/documents/customers/${user.uid}/profiles`;
  const { profiles: list } = (await (await page.request.get(profiles)).json()) as { profiles: { id: string }[] };
  const changed = await page.request.patch(`${profiles}/${list[0].id}/settings`, { data: { autoplayNext: false } });
  expect(changed.status()).toBe(200);
  await page.goto(server.url);
  const [series] = await first(page, 'tv/top_rated');

  await page.evaluate((id) => window.history.pushState(null, '', `/watch/tv/${id}/1/1?t=114`), series.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const end = page.getByRole('region', { name: 'Next episode' });
  await expect(end).toBeVisible({ timeout: 15_000 });
  await expect(end).toContainText('S1:E2 Episode 2');
  await expect(end.getByRole('button', { name: 'Play next episode' })).toBeFocused();
  await expect(end.getByRole('timer')).toHaveCount(0);
  await expect(end.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  // Past the time a countdown would have taken, the page is still this episode's.
  await page.clock.runFor(COUNTDOWN_MS + 2_000);
  await expect(page).toHaveURL(new RegExp(`/watch/tv/${series.id}/1/1`));
  await expect(end).toBeVisible();
});

test('? opens the shortcuts’ help; Esc closes it and stays on the player', async ({ page }) => {
  await signUp(page);
  const [film] = await first(page, 'movie/top_rated');
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await page.keyboard.press('?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help).toContainText('Skip the intro, recap or credits');
  await expect(help.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();
  // Esc closed the help only: the viewer is still on the player.
  await expect(page).toHaveURL(new RegExp(`/watch/movie/${film.id}`));
});

test('after three episodes start on their own with no interaction, the next asks “Are you still watching?”', async ({
  page,
}) => {
  test.setTimeout(150_000);
  // The page's timers run on Playwright's clock, so each countdown is run, not sat through.
  await page.clock.install();
  await signUp(page);
  // A series whose first season has five episodes: four play, the fourth's end asks before the fifth.
  const series = await firstSeriesWith(page, 5);
  // The pointer stays off the player throughout: any move on it is an interaction.
  await page.mouse.move(0, 0);
  const end = page.getByRole('region', { name: 'Next episode' });
  const prompt = page.getByRole('alertdialog', { name: 'Are you still watching?' });

  await page.evaluate((id) => window.history.pushState(null, '', `/watch/tv/${id}/1/1`), series);
  for (let episode = 1; episode <= 4; episode++) {
    await expect(page).toHaveURL(new RegExp(`/watch/tv/${series}/1/${episode}(\\?|$)`), { timeout: 20_000 });
    await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    // Straight to the credits (which begin at 2:00), by the media element, as no viewer's hand would.
    await video(page).evaluate((element: HTMLVideoElement) => void (element.currentTime = 120.5));
    await expect(end.getByRole('timer')).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toHaveCount(0);
    await page.clock.runFor(COUNTDOWN_MS);
  }
  // The fourth's countdown ends in the prompt, over the paused frame, instead of S1:E5.
  await expect(prompt).toBeVisible({ timeout: 20_000 });
  // Paused, or ended where the demo's short credits ran out first: the frame stands still.
  expect(await video(page).evaluate((element: HTMLVideoElement) => element.paused)).toBe(true);
  await expect(playerState(page)).toHaveAttribute('data-state', /^(paused|ended)$/);
  await expect(page).toHaveURL(new RegExp(`/watch/tv/${series}/1/4(\\?|$)`));
  const go = prompt.getByRole('button', { name: 'Continue Watching' });
  await expect(go).toBeFocused();
  await expect(prompt.getByRole('button', { name: 'Back to Browse' })).toBeVisible();
  await go.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/watch/tv/${series}/1/5(\\?|$)`), { timeout: 20_000 });
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect(prompt).toHaveCount(0);
});

/** The first top-rated series whose first season has at least `episodes` episodes. */
async function firstSeriesWith(page: Page, episodes: number): Promise<number> {
  for (const { id } of await first(page, 'tv/top_rated')) {
    const details = await page.request.get(`${server.url}/tmdb/3/tv/${id}?api_key=marquee-local-key`);
    const seasons = ((await details.json()) as { seasons: { season_number: number; episode_count: number }[] }).seasons;
    if ((seasons.find((s) => s.season_number === 1)?.episode_count ?? 0) >= episodes) return id;
  }
  throw new Error(`no top-rated series has ${episodes} episodes in its first season`);
}
