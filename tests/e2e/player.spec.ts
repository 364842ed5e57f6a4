import { type Page, type Request } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

const server = sharedServer();

const signUp = (page: Page) => signUpAsMember(page, server.url, uniqueEmail('player'));

/** The media playlists of a master playlist, by vertical resolution, as absolute URLs. */
function renditions(master: string, masterUrl: string): Map<number, string> {
  const lines = master.split('\n').map((line) => line.trim());
  const byHeight = new Map<number, string>();
  lines.forEach((line, index) => {
    const height = /RESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    if (line.startsWith('#EXT-X-STREAM-INF') && height)
      byHeight.set(Number(height), new URL(lines[index + 1], masterUrl).href);
  });
  return byHeight;
}

/** A playlist's text, fetched by the page as the player does. */
const playlist = (page: Page, url: string) => page.evaluate(async (address) => (await fetch(address)).text(), url);

/** The segment addresses a media playlist lists. */
async function segmentsOf(page: Page, playlistUrl: string): Promise<Set<string>> {
  const text = await playlist(page, playlistUrl);
  return new Set(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => new URL(line, playlistUrl).href),
  );
}

const video = playerVideo;
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);

test('the player page streams a film over HLS: quality, subtitles, keyboard seeking and Back', async ({ page }) => {
  const media: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/media/grants/')) media.push(request);
  });
  await signUp(page);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  const film = (await (await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`)).json())
    .results[0] as { id: number; title: string };

  await test.step('opened from home, it plays the programme over HLS', async () => {
    // An in-app move (wouter follows pushState), as Play in the detail view does.
    await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
    await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);
    const paths = () => media.map((request) => new URL(request.url()).pathname);
    expect(paths().some((path) => path.endsWith('/master.m3u8'))).toBe(true);
    expect(paths().some((path) => path.endsWith('.m3u8') && !path.endsWith('/master.m3u8'))).toBe(true);
    expect(paths().some((path) => path.endsWith('.m4s'))).toBe(true);
  });

  await test.step('a chosen rendition is requested and played', async () => {
    const masterRequest = media.find((request) => request.url().endsWith('/master.m3u8'))!;
    const master = await playlist(page, masterRequest.url());
    const ladder = renditions(master, masterRequest.url());
    expect([...ladder.keys()].sort((a, b) => a - b)).toEqual(expect.arrayContaining([360, 540, 720]));
    // A rendition other than the one on screen, so the switch shows.
    const playingHeight = await video(page).evaluate((element: HTMLVideoElement) => element.videoHeight);
    const target = playingHeight === 360 ? 720 : 360;
    const targetSegments = await segmentsOf(page, ladder.get(target)!);
    const before = media.length;

    await page.mouse.move(400, 300);
    await page.getByRole('button', { name: /^Quality/ }).click();
    await page.getByRole('menuitemradio', { name: `${target}p`, exact: true }).click();
    await expect(page.getByRole('button', { name: `Quality: ${target}p` })).toBeVisible();
    await expect
      .poll(() => media.slice(before).some((request) => targetSegments.has(request.url())), { timeout: 20_000 })
      .toBe(true);
    await expect
      .poll(() => video(page).evaluate((element: HTMLVideoElement) => element.videoHeight), { timeout: 20_000 })
      .toBe(target);
    await page.getByRole('button', { name: /^Quality/ }).click();
    await expect(page.getByRole('menuitemradio', { name: `${target}p`, exact: true })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await page.keyboard.press('Escape'); // closes the menu, and only the menu
    await expect(page.getByRole('menu')).toHaveCount(0);
    expect(new URL(page.url()).pathname).toBe(`/watch/movie/${film.id}`);
  });

  await test.step('subtitles on: the WebVTT is requested and a cue shows', async () => {
    const before = media.length;
    await page.mouse.move(420, 300);
    await page.getByRole('button', { name: 'Subtitles: Off' }).click();
    await page.getByRole('menuitemradio', { name: /English/ }).click();
    await expect(page.getByRole('status')).toHaveText('Subtitles on');
    await expect
      .poll(() => media.slice(before).some((request) => new URL(request.url()).pathname.endsWith('.vtt')), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect
      .poll(
        () =>
          video(page).evaluate((element: HTMLVideoElement) =>
            Array.from(element.textTracks).some(
              (track) => track.mode === 'showing' && (track.activeCues?.length ?? 0) > 0,
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  await test.step('→ seeks 10 s ahead', async () => {
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    const from = await currentTime(page);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(from + 9.5);
    expect(await currentTime(page)).toBeLessThan(from + 15);
  });

  await test.step('axe: the player page with its controls showing', async () => {
    await page.mouse.move(440, 320);
    await expect(page.locator('main')).toHaveAttribute('data-controls', 'shown');
    await expectNoAxeViolations(page, 'the player page');
  });

  await test.step('Esc goes back to where the viewer came from', async () => {
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  });
});

test("opened afresh at its address, the page paints the player before its scripts; the app's takes over in place", async ({
  page,
}) => {
  await signUp(page);
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  const film = (await (await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`)).json())
    .results[1] as { id: number; title: string };
  const address = `${server.url}/watch/movie/${film.id}`;

  // With no script at all, the server's page alone: the programme's title where the app's player shows it.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto(address);
  const painted = page.locator('#prerendered-player h1');
  await expect(painted).toHaveText(film.title);
  const paintedBox = await painted.boundingBox();
  await page.unroute('**/assets/*.js');

  // With its scripts: the app's player replaces the painted one, its heading exactly where that one was.
  await page.goto(address);
  await expect(page.getByRole('heading', { level: 1, name: film.title })).toBeVisible();
  await expect(page.locator('#prerendered-player')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  expect(await page.getByRole('heading', { level: 1 }).boundingBox()).toEqual(paintedBox);
  await expect(page.locator('main')).toHaveAttribute('data-state', /playing|paused/, { timeout: 20_000 });
});
