import { type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();
const API_KEY = 'marquee-local-key';

interface Series {
  id: number;
  name: string;
  number_of_seasons: number;
  seasons: { season_number: number; episode_count: number }[];
  similar: { results: { title?: string; name?: string }[] };
}

async function api<T>(path: string): Promise<T> {
  const separator = path.includes('?') ? '&' : '?';
  const response = await fetch(`${server.url}/tmdb/3${path}${separator}api_key=${API_KEY}`);
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/**
 * A series in Trending Now that lists at least two seasons, chosen by what the server answers
 * (the catalogue's data decides which, not this test).
 */
async function trendingSeriesWithSeasons(): Promise<Series> {
  const trending = await api<{ results: { id: number; media_type: string; backdrop_path: string | null }[] }>(
    '/trending/all/week?language=en-US',
  );
  for (const item of trending.results) {
    if (item.media_type !== 'tv' || !item.backdrop_path) continue;
    const series = await api<Series>(`/tv/${item.id}?append_to_response=similar`);
    if (series.seasons.filter((season) => season.season_number > 0).length >= 2) return series;
  }
  throw new Error('Trending Now has no series with two seasons or more');
}

const signUp = (page: Page) => signUpAsMember(page, server.url, uniqueEmail('details'));

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

test('a series from Trending Now: its trailer plays, season 2 lists its episodes, More Like This opens in place', async ({
  page,
}) => {
  const series = await trendingSeriesWithSeasons();
  const season2 = series.seasons.find((season) => season.season_number === 2)!;
  const catalogueCalls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/tmdb/3/')) catalogueCalls.push(pathname.slice('/tmdb/3'.length));
  });
  await signUp(page);
  const dialog = page.getByRole('dialog');

  await test.step(`open ${series.name} from Trending Now`, async () => {
    const row = page.getByRole('region', { name: 'Trending Now' });
    await row.getByRole('button', { name: series.name, exact: true }).click();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(series.name);
    await expect(dialog.getByText(`${series.number_of_seasons} Seasons`)).toBeVisible();
  });

  await test.step('its trailer plays: the series is asked for as tv, never as a movie', async () => {
    await dialog.getByRole('button', { name: 'Trailer' }).click();
    const frame = page.frameLocator('iframe[title$="trailer"]');
    const video = frame.locator('video');
    await expect(video).toHaveCount(1, { timeout: 15_000 });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    await expect(dialog).not.toContainText('could not be found');
    expect(catalogueCalls).toContain(`/tv/${series.id}/videos`);
    expect(catalogueCalls).toContain(`/tv/${series.id}`);
    expect(catalogueCalls.filter((path) => path.startsWith(`/movie/${series.id}`))).toEqual([]);
    await dialog.getByRole('button', { name: 'Trailer' }).click();
  });

  const episodes = dialog.getByRole('region', { name: 'Episodes' });
  await test.step('pick season 2 and see its episodes listed', async () => {
    await expect(episodes.getByRole('listitem').first()).toBeVisible();
    await episodes.getByRole('combobox', { name: 'Season' }).click();
    await page.getByRole('option', { name: /^Season 2/ }).click();
    await expect(episodes.getByRole('combobox', { name: 'Season' })).toHaveText(/Season 2/);
    await expect(episodes.getByRole('listitem')).toHaveCount(season2.episode_count);
    await expect(episodes.getByRole('button', { name: 'Play Episode 1', exact: true })).toBeVisible();
    expect(catalogueCalls).toContain(`/tv/${series.id}/season/2`);
    await expectNoAxeViolations(page, 'the detail view of a series, season 2 listed');
  });

  await test.step('open a More Like This title: it replaces the series in place, heading focused', async () => {
    const other = series.similar.results.find((title) => (title.name ?? title.title) !== series.name)!;
    const name = (other.name ?? other.title)!;
    const similar = dialog.getByRole('region', { name: 'More Like This' });
    await similar
      .getByRole('button', { name: exactly(name) })
      .first()
      .click();
    const heading = dialog.getByRole('heading', { level: 2 });
    await expect(heading).toHaveText(name);
    await expect(heading).toBeFocused();
    await expect(dialog.getByRole('region', { name: `About ${name}` })).toBeVisible();
    await expectNoAxeViolations(page, 'the detail view after opening a More Like This title');
  });

  await test.step('Play on an episode opens the player at that episode, and it plays', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page
      .getByRole('region', { name: 'Trending Now' })
      .getByRole('button', { name: series.name, exact: true })
      .click();
    await dialog
      .getByRole('region', { name: 'Episodes' })
      .getByRole('button', { name: 'Play Episode 2', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/watch/tv/${series.id}/1/2$`));
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect(page.getByText('S1:E2', { exact: false }).first()).toBeVisible();
  });
});
