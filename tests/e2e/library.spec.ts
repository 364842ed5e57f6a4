import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { MarqueeServer } from './support/marquee-server';
import { playerVideo } from './support/player';
import { expect, test } from './support/shared-server';

/**
 * The operator's library, for real: the server (as `npm start` runs it, a cluster whose primary
 * scans and ingests) with MARQUEE_LIBRARY on a folder holding a film made here with ffmpeg in
 * Jellyfin naming, with an NFO, English subtitles and two audio languages. It appears under
 * Recently Added, opens in the detail view, and plays for its real length with its subtitles;
 * a film dropped into the folder while the server runs becomes a playable title too.
 */

// Long enough that the end screen's window (its last 10 s) cannot open over the menus on a busy machine.
const FILM_SECONDS = 40;
const API_KEY = 'marquee-local-key';

/**
 * An H.264/AAC film with an English and a German audio track, in seconds, and chapters if given
 * (name and start in seconds, each running to the next).
 */
function makeFilm(path: string, seconds: number, chapters: Array<[string, number]> = []): void {
  mkdirSync(join(path, '..'), { recursive: true });
  const metadata = `${path}.chapters.txt`;
  writeFileSync(
    metadata,
    [
      ';FFMETADATA1',
      ...chapters.flatMap(([title, start], index) => [
        '[CHAPTER]',
        'TIMEBASE=1/1000',
        `START=${start * 1000}`,
        `END=${(chapters[index + 1]?.[1] ?? seconds) * 1000}`,
        `title=${title}`,
      ]),
      '',
    ].join('\n'),
  );
  execFileSync(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', `testsrc2=size=320x180:rate=24:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`],
      ...['-f', 'lavfi', '-i', `sine=frequency=660:duration=${seconds}`],
      ...['-i', metadata],
      ...['-map', '0:v', '-map', '1:a', '-map', '2:a', '-map_chapters', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '48', '-c:a', 'aac', '-b:a', '64k'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=ger'],
      path,
    ],
    { stdio: 'pipe' },
  );
  rmSync(metadata);
}

const library = mkdtempSync(join(tmpdir(), 'marquee-e2e-library-'));
const server = new MarqueeServer({ env: { MARQUEE_LIBRARY: library } });

test.beforeAll(async () => {
  const folder = join(library, 'Films', 'Lantern Bay (2021)');
  // Its intro is a chapter named so, as a disc's or a rip's often is: ingest makes it a marker.
  makeFilm(join(folder, 'Lantern Bay (2021).mkv'), FILM_SECONDS, [
    ['Intro', 0],
    ['The Story', 6],
  ]);
  writeFileSync(
    join(folder, 'Lantern Bay (2021).nfo'),
    `<movie><title>Lantern Bay</title><year>2021</year><plot>A harbour town keeps its last light burning.</plot>
<runtime>94</runtime><mpaa>PG</mpaa><genre>Drama</genre><actor><name>Iris Vale</name><role>The keeper</role></actor></movie>`,
  );
  writeFileSync(
    join(folder, 'Lantern Bay (2021).en.srt'),
    `1\n00:00:00,500 --> 00:00:${String(FILM_SECONDS - 1).padStart(2, '0')},000\nThe light is still on.\n`,
  );
  await server.start();
});

test.afterAll(async () => {
  await server.dispose();
  rmSync(library, { recursive: true, force: true });
});

type Listed = { id: number; media_type: string; title?: string };

/** Recently Added as the API answers it, once it lists a title named `title`. */
async function listedTitle(page: Page, title: string, timeout = 40_000): Promise<Listed> {
  let found: Listed | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${server.url}/tmdb/3/library/recently_added?api_key=${API_KEY}`);
        found = ((await response.json()).results as Listed[]).find((t) => t.title === title);
        return found !== undefined;
      },
      { timeout, intervals: [500] },
    )
    .toBe(true);
  return found!;
}

const video = playerVideo;

test('a library film is a title like any other: Recently Added, details, the player with its subtitles', async ({
  page,
}) => {
  const film = await listedTitle(page, 'Lantern Bay');
  await signUpAsMember(page, server.url, uniqueEmail('library'));

  const row = page.getByRole('region', { name: 'Recently Added' });
  const dialog = page.getByRole('dialog');
  await test.step('it shows under Recently Added, and its detail view has its own facts', async () => {
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Lantern Bay', exact: true }).click();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('Lantern Bay');
    await expect(dialog).toContainText('1h 34m');
    await expect(dialog).toContainText('A harbour town keeps its last light burning.');
    await expect(dialog).toContainText('Iris Vale');
  });

  await test.step('Play plays its own programme for its real length', async () => {
    const lookups: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/media/')) lookups.push(path);
    });
    await dialog.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/movie/${film.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Lantern Bay' })).toBeVisible();
    await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    // Its intro chapter, read beside the grant's master as the demo programmes' markers are.
    await expect(page.getByRole('button', { name: 'Skip Intro' })).toBeVisible({ timeout: 6_000 });
    const duration = await video(page).evaluate((element: HTMLVideoElement) => element.duration);
    expect(duration).toBeGreaterThan(FILM_SECONDS - 1);
    expect(duration).toBeLessThan(FILM_SECONDS + 1);
    // Under the grant's address, never the library's own (closed) or a demo programme's.
    expect(lookups.some((path) => /^\/media\/grants\/[^/]+\/master\.m3u8$/.test(path))).toBe(true);
    expect(lookups.some((path) => /^\/media\/grants\/[^/]+\/markers\.json$/.test(path))).toBe(true);
    expect(lookups.some((path) => path.startsWith('/media/programmes/') || path.startsWith('/media/library/'))).toBe(
      false,
    );
  });

  await test.step('its English subtitles are in the subtitles menu and show', async () => {
    await page.mouse.move(420, 300);
    await page.getByRole('button', { name: 'Subtitles: Off' }).click();
    await page.getByRole('menuitemradio', { name: /English/ }).click();
    await expect(page.getByRole('status')).toHaveText('Subtitles on');
    await expect
      .poll(
        () =>
          video(page).evaluate((element: HTMLVideoElement) =>
            Array.from(element.textTracks).some((track) => track.mode === 'showing' && (track.cues?.length ?? 0) > 0),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
  });
});

test('a film dropped into the folder while the server runs becomes a playable title', async ({ page }) => {
  // Made beside the library, then moved in whole, as a copy finishing would land.
  const staging = mkdtempSync(join(tmpdir(), 'marquee-e2e-drop-'));
  try {
    makeFilm(join(staging, 'Night Ferry (2023).mkv'), 6);
    const folder = join(library, 'Films', 'Night Ferry (2023)');
    mkdirSync(folder, { recursive: true });
    try {
      renameSync(join(staging, 'Night Ferry (2023).mkv'), join(folder, 'Night Ferry (2023).mkv'));
    } catch {
      copyFileSync(join(staging, 'Night Ferry (2023).mkv'), join(folder, 'Night Ferry (2023).mkv'));
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const film = await listedTitle(page, 'Night Ferry');
  await signUpAsMember(page, server.url, uniqueEmail('dropped'));
  const row = page.getByRole('region', { name: 'Recently Added' });
  await expect(row.getByRole('button', { name: 'Night Ferry', exact: true })).toBeVisible({ timeout: 20_000 });
  // Newest first.
  await expect(row.getByRole('button').first()).toHaveAccessibleName('Night Ferry');

  // An in-app move (wouter follows pushState), as a Play button makes.
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
  await expect(page.getByRole('heading', { level: 1, name: 'Night Ferry' })).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.duration)).toBeLessThan(7);
});
