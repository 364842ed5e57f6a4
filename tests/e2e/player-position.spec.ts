import { type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

// The position has one owner (Continue Watching) and the player's address keeps it: a reload
// resumes where the viewer was, and the detail view offers the new position wherever it opens.
// Speed: 1.5× plays faster, measured against the media's own clock.

const server = sharedServer();

const signUp = async (page: Page) => {
  await signUpAsMember(page, server.url, uniqueEmail('position'));
};

const video = playerVideo;
const currentTime = (page: Page) => video(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const playerState = (page: Page) => page.locator('main');

async function topRatedFilm(page: Page) {
  const response = await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`);
  return ((await response.json()) as { results: { id: number; title: string }[] }).results[0];
}

/** Seeks ahead with → until the media is past `seconds`, playing. */
async function seekPast(page: Page, seconds: number) {
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(0.5);
  while ((await currentTime(page)) < seconds) {
    await page.keyboard.press('ArrowRight');
    await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
  }
}

test('a reload mid-programme resumes within 5 s of where it was', async ({ page }) => {
  await signUp(page);
  const film = await topRatedFilm(page);
  // Opened with a start of its own, as "Resume from 0:20" does: the reload must not go back there.
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}?t=20`), film.id);
  await seekPast(page, 60);
  // A few seconds of playing, so that the address has had its chance to move on.
  await page.waitForTimeout(3_000);
  const before = await currentTime(page);
  expect(before).toBeGreaterThan(60);
  const t = Number(new URL(page.url()).searchParams.get('t'));
  expect(t).toBeGreaterThan(55);

  await page.reload();
  // The server's prerendered player lies over the app's until the app has its programme: two
  // players for a moment, then the app's alone.
  await expect(page.locator('#prerendered-player')).toHaveCount(0, { timeout: 20_000 });
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  const after = await currentTime(page);
  expect(Math.abs(after - before)).toBeLessThanOrEqual(5);
  expect(new URL(page.url()).pathname).toBe(`/watch/movie/${film.id}`);
});

test('a detail view opened from /tv after playing offers the new position', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page);
  await page.getByRole('navigation').getByRole('link', { name: 'TV Shows' }).click();
  await expect(page).toHaveURL(`${server.url}/tv`);
  const row = page.getByRole('region', { name: 'Drama', exact: true });
  await expect(async () => {
    await row.scrollIntoViewIfNeeded({ timeout: 2_000 });
    await expect(row.getByRole('button').first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  const card = row.getByRole('button').first();
  const name = (await card.locator('img').getAttribute('alt'))!;
  const dialog = page.getByRole('dialog');

  await card.click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
  await dialog.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page).toHaveURL(/\/watch\/tv\/\d+\/1\/1$/);
  await seekPast(page, 30);
  await page.keyboard.press(' ');
  await expect(playerState(page)).toHaveAttribute('data-state', 'paused');
  const leftAt = Math.floor(await currentTime(page));

  // Back from the player: the detail view over /tv, offering the position just left.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/title\/tv\/\d+$/);
  const resume = dialog.getByRole('link', { name: /^Resume S1:E1 from 0:(\d\d)$/ });
  await expect(resume).toBeVisible();
  const shown = Number(/0:(\d\d)$/.exec((await resume.textContent()) ?? '')![1]);
  expect(Math.abs(shown - leftAt)).toBeLessThanOrEqual(1);

  // Closed and opened again from the row (no Home in between): the same offer, one row of buttons.
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`${server.url}/tv`);
  await card.click();
  await expect(resume).toBeVisible();
  const trailer = dialog.getByRole('button', { name: 'Trailer' });
  const myList = dialog.getByRole('button', { name: 'Add to My List' });
  const [resumeBox, trailerBox, listBox] = await Promise.all([
    resume.boundingBox(),
    trailer.boundingBox(),
    myList.boundingBox(),
  ]);
  const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : NaN);
  expect(Math.abs(middle(trailerBox) - middle(resumeBox))).toBeLessThan(8);
  expect(Math.abs(middle(listBox) - middle(resumeBox))).toBeLessThan(8);
});

test('speed 1.5× plays faster, with the pitch kept', async ({ page }) => {
  await signUp(page);
  const film = await topRatedFilm(page);
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(1);

  await page.mouse.move(400, 300);
  await page.getByRole('button', { name: 'Playback speed: 1×' }).click();
  await page.getByRole('menuitemradio', { name: '1.5×', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Playback speed: 1.5×' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Speed 1.5×');
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

  // The media's clock against the page's, over three seconds of playing.
  const { rate, pitch, ratio } = await video(page).evaluate(
    (element: HTMLVideoElement) =>
      new Promise<{ rate: number; pitch: boolean; ratio: number }>((resolve) => {
        const media0 = element.currentTime;
        const wall0 = performance.now();
        setTimeout(() => {
          const ratio = (element.currentTime - media0) / ((performance.now() - wall0) / 1000);
          resolve({ rate: element.playbackRate, pitch: element.preservesPitch, ratio });
        }, 3_000);
      }),
  );
  expect(rate).toBe(1.5);
  expect(pitch).toBe(true);
  expect(ratio).toBeGreaterThan(1.3);
});

test('hovering the seek bar shows a thumbnail from the programme’s sprite, with its time', async ({ page }) => {
  const sprites: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('/trickplay.jpg') && response.ok()) sprites.push(response.url());
  });
  await signUp(page);
  const film = await topRatedFilm(page);
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  await expect.poll(() => video(page).evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(100);

  const slider = page.locator('[data-orientation="horizontal"]').first();
  const box = (await slider.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const thumbnail = page.getByTestId('seek-thumbnail');
  await expect(thumbnail).toBeVisible();
  await expect(thumbnail).toHaveCSS('background-image', /\/media\/grants\/[\w-]+\/trickplay\.jpg/);
  await expect(thumbnail).toHaveCSS('width', '160px');
  await expect(page.getByTestId('seek-preview')).toHaveText(/^1:0\d$/);
  // The sprite is really there: the browser fetched it for the thumbnail.
  await expect.poll(() => sprites.length).toBeGreaterThan(0);
  // The same sprite at another offset, further along.
  const first = await thumbnail.evaluate((element) => getComputedStyle(element).backgroundPosition);
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect
    .poll(() => thumbnail.evaluate((element) => getComputedStyle(element).backgroundPosition))
    .not.toBe(first);
});
