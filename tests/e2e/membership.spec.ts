import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import { signIn, signUp, signUpAsMember, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { MarqueeServer } from './support/marquee-server';
import { playerVideo } from './support/player';
import { expect, test } from './support/shared-server';

/**
 * The plans decide playback, on the server: an account without a plan is offered the plans and
 * given no programme address; Basic gets no rung above 720p, even of a 1080p library film; on
 * Standard a third screen is told which two are playing, and plays once one is stopped.
 */

const API_KEY = 'marquee-local-key';

/**
 * A 1080p film the library makes a ladder of (MPEG-4 Part 2, so ingest encodes every rung rather
 * than remuxing one): short and at a low frame rate, to keep the encode cheap.
 */
function makeFullHdFilm(path: string): void {
  mkdirSync(join(path, '..'), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:rate=8:duration=4'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
      ...['-c:v', 'mpeg4', '-q:v', '8', '-c:a', 'aac', '-b:a', '64k'],
      path,
    ],
    { stdio: 'pipe' },
  );
}

const library = mkdtempSync(join(tmpdir(), 'marquee-e2e-membership-'));
// One process (MARQUEE_WORKERS=1), quicker to start: many screens taking the last place at once
// is the server tests' (tests/server/playback/grants.test.ts).
const server = new MarqueeServer({ workers: 1, env: { MARQUEE_LIBRARY: library } });

test.beforeAll(async () => {
  const folder = join(library, 'Films', 'Tall Ships (2022)');
  makeFullHdFilm(join(folder, 'Tall Ships (2022).mkv'));
  writeFileSync(
    join(folder, 'Tall Ships (2022).nfo'),
    '<movie><title>Tall Ships</title><year>2022</year><plot>Masts on the horizon.</plot><genre>Drama</genre></movie>',
  );
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
  rmSync(library, { recursive: true, force: true });
});

async function topFilm(page: Page): Promise<{ id: number; title: string }> {
  const response = await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=${API_KEY}`);
  return ((await response.json()) as { results: { id: number; title: string }[] }).results[0]!;
}

/** The library's film once ingest has made it, as Recently Added lists it. */
async function libraryFilm(page: Page): Promise<{ id: number }> {
  let found: { id: number; title?: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${server.url}/tmdb/3/library/recently_added?api_key=${API_KEY}`);
        found = ((await response.json()).results as { id: number; title?: string }[]).find(
          (t) => t.title === 'Tall Ships',
        );
        return found !== undefined;
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return found!;
}

/** Opens the player in place, as Play does (wouter follows pushState). */
const play = (page: Page, id: number) =>
  page.evaluate((film) => window.history.pushState(null, '', `/watch/movie/${film}`), id);

const playing = (page: Page) =>
  expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 30_000 });

test('an account without a plan is offered the plans at Play, and the server gives it no programme', async ({
  page,
}) => {
  await signUp(page, server.url, uniqueEmail('no-plan'));
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
  const film = await topFilm(page);

  await test.step('Play leads to the plans, not a player', async () => {
    const grants: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/playback/grants') grants.push(response.status());
    });
    await play(page, film.id);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan to start watching' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose a plan to start watching' })).toBeFocused();
    expect(grants).toEqual([403]);
    await expect(playerVideo(page)).toHaveCount(0);
    await expectNoAxeViolations(page, 'the player page without a plan');
  });

  await test.step('the server refuses its grant and every programme address', async () => {
    const grant = await page.request.post(`${server.url}/api/playback/grants`, {
      data: { media_type: 'movie', id: film.id },
    });
    expect(grant.status()).toBe(403);
    expect(await grant.json()).toMatchObject({ error: { code: 'no-membership' } });
    for (const path of ['/media/programmes/action/master.m3u8', '/media/programmes/action/720p-001.m4s']) {
      const refused = await page.request.get(`${server.url}${path}`);
      expect(refused.status(), path).toBe(403);
    }
  });

  await test.step('opened afresh at its address, the server paints the refusal; the app takes over in place', async () => {
    const address = `${server.url}/watch/movie/${film.id}`;
    // With no script at all, the server's page alone: the refusal where the app's shows it, no player.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(address);
    const painted = page.locator('#prerendered-player h1');
    await expect(painted).toHaveText('Choose a plan to start watching');
    await expect(page.locator('#prerendered-player video')).toHaveCount(0);
    const paintedBox = await painted.boundingBox();
    await page.unroute('**/assets/*.js');

    // With its scripts: the app's refusal replaces the painted one, its heading exactly where that one was.
    await page.goto(address);
    const heading = page.getByRole('heading', { level: 1, name: 'Choose a plan to start watching' });
    await expect(heading).toBeFocused();
    await expect(page.locator('#prerendered-player')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    expect(await heading.boundingBox()).toEqual(paintedBox);
  });

  await test.step('Choose a plan opens the plans', async () => {
    await page.getByRole('link', { name: 'Choose a plan' }).click();
    await expect(page).toHaveURL(`${server.url}/change-plan`);
    await expect(page.getByRole('heading', { name: 'Change Streaming Plan' })).toBeVisible();
  });
});

test('on Basic, the master playlist of a 1080p film holds no rung above 720p', async ({ page }) => {
  test.setTimeout(180_000);
  await signUpAsMember(page, server.url, uniqueEmail('basic'), 'Basic');
  const film = await libraryFilm(page);
  const master = page.waitForResponse((response) =>
    /^\/media\/grants\/[^/]+\/master\.m3u8$/.test(new URL(response.url()).pathname),
  );
  await play(page, film.id);
  const answer = await master;
  const text = await answer.text();
  const heights = [...text.matchAll(/RESOLUTION=\d+x(\d+)/g)].map((match) => Number(match[1]));
  expect(heights.length).toBeGreaterThan(0);
  expect(Math.max(...heights)).toBeLessThanOrEqual(720);
  expect(text).not.toContain('1080p.m3u8');
  // The rung the plan leaves out is refused at its address under the same grant.
  const above = await page.request.get(answer.url().replace(/master\.m3u8$/, '1080p.m3u8'));
  expect(above.status()).toBe(403);
  expect(await above.json()).toMatchObject({ error: { code: 'above-plan' } });
  await playing(page);
});

test('on Standard, a third screen is told which two are playing, and plays once one is stopped', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const email = await signUpAsMember(page, server.url, uniqueEmail('standard'), 'Standard');
  const film = await topFilm(page);
  await play(page, film.id);
  await playing(page);

  const second = await browser.newContext();
  const third = await browser.newContext();
  try {
    const two = await second.newPage();
    await signIn(two, server.url, email);
    await expect(two.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
    await play(two, film.id);
    await playing(two);

    const three = await third.newPage();
    await signIn(three, server.url, email);
    await expect(three.getByRole('heading', { level: 2 }).first()).toBeVisible({ timeout: 20_000 });
    await play(three, film.id);
    await expect(
      three.getByRole('heading', { level: 1, name: 'Too many people are using your account right now' }),
    ).toBeVisible();
    const screens = three.getByRole('list', { name: 'Screens in use' }).getByRole('listitem');
    await expect(screens).toHaveCount(2);
    await expect(screens.first()).toContainText(`Watching ${film.title}`);
    await expectNoAxeViolations(three, 'too many screens');

    await screens
      .first()
      .getByRole('button', { name: /^Stop playing on / })
      .click();
    await playing(three);
  } finally {
    await second.close();
    await third.close();
  }
});
