import { readFile } from 'node:fs/promises';

import { type Page } from '@playwright/test';

import { signUpAsMember } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

// The Top 10 and viewing activity against the real server: a member's home shows the Top 10 row;
// a film played a few seconds (seeked past the point where a position is kept) is listed on the
// viewing activity page with today's date, downloaded as CSV, hidden, and then gone from the page
// and from Continue Watching.

test.use({ viewport: { width: 1440, height: 900 } });

const server = sharedServer();

const currentTime = (page: Page) => playerVideo(page).evaluate((element: HTMLVideoElement) => element.currentTime);
const twoDigits = (value: number) => String(value).padStart(2, '0');

test('Top 10 on home; viewing activity lists, downloads and hides a film played', async ({ page }) => {
  test.setTimeout(240_000);
  await signUpAsMember(page, server.url);

  await test.step('home shows the Top 10: ten posters, each named by its rank, numerals hidden', async () => {
    const row = page.getByRole('region', { name: 'Top 10 Today' });
    await row.scrollIntoViewIfNeeded();
    const cards = row.getByRole('button', { name: /^No\. \d+, / });
    await expect(cards).toHaveCount(10, { timeout: 20_000 });
    await expect(cards.first()).toHaveAccessibleName(/^No\. 1, /);
    await expect(cards.last()).toHaveAccessibleName(/^No\. 10, /);
    const numerals = row.getByTestId('top-ten-numeral');
    await expect(numerals).toHaveCount(10);
    await expect(numerals.first()).toHaveAttribute('aria-hidden', 'true');
    await expect(numerals.last()).toHaveText('10');
  });

  const response = await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`);
  const film = ((await response.json()) as { results: Array<{ id: number; title: string }> }).results[0];

  await test.step('play the film a few seconds, seek on with the keyboard, pause and leave', async () => {
    await page.goto(`${server.url}/watch/movie/${film.id}`);
    await expect(page.locator('#root main')).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThan(2);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(15);
    // Pausing keeps the position: the play is recorded with it.
    const saved = page.waitForResponse(
      (answer) => answer.request().method() === 'PUT' && /\/progress\/movie-\d+$/.test(answer.url()),
    );
    await page.keyboard.press(' ');
    await expect(page.locator('#root main')).toHaveAttribute('data-state', 'paused');
    expect((await saved).status()).toBe(200);
  });

  await test.step('Continue Watching has it', async () => {
    await page.goto(server.url);
    await expect(
      page.getByRole('region', { name: 'Continue Watching' }).getByRole('link', { name: `Play ${film.title}` }),
    ).toBeVisible({ timeout: 20_000 });
  });

  await test.step('the account page leads to the viewing activity, which lists it with today’s date', async () => {
    await page.goto(`${server.url}/account`);
    await page.getByRole('link', { name: 'Viewing activity' }).click();
    await expect(page).toHaveURL(`${server.url}/viewing-activity`);
    await expect(page.getByRole('heading', { level: 1, name: 'Viewing activity' })).toBeVisible();
    const line = page.getByRole('listitem').filter({ hasText: film.title });
    await expect(line).toHaveCount(1, { timeout: 20_000 });
    const today = await page.evaluate(() => {
      const now = new Date();
      return { day: now.getDate(), month: now.getMonth() + 1, year: now.getFullYear() };
    });
    await expect(line.locator('time')).toHaveAttribute(
      'datetime',
      `${today.year}-${twoDigits(today.month)}-${twoDigits(today.day)}`,
    );
    await expect(line.locator('time')).toHaveText(`${twoDigits(today.day)}/${twoDigits(today.month)}/${today.year}`);
    await expectNoAxeViolations(page, 'viewing activity');
  });

  await test.step('Download all saves a CSV of Title and Date', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download all' }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe('ViewingActivity.csv');
    const text = await readFile((await saved.path())!, 'utf8');
    const utcDay = new Date().toISOString().slice(0, 10);
    const title = /[",\r\n]/.test(film.title) ? `"${film.title.replaceAll('"', '""')}"` : film.title;
    expect(text).toBe(`Title,Date\r\n${title},${utcDay}\r\n`);
  });

  await test.step('Hide takes it off the page and out of Continue Watching', async () => {
    await page.getByRole('button', { name: `Hide ${film.title}` }).click();
    await expect(page.getByRole('listitem').filter({ hasText: film.title })).toHaveCount(0);
    await expect(page.getByText('Titles you watch appear here.')).toBeVisible();
    // Focus is not lost: with no line left, it is on the heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Viewing activity' })).toBeFocused();
    // Back home within the app, then after a reload: no Continue Watching row either way.
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('region', { name: 'Top 10 Today' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Continue Watching' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('region', { name: 'Top 10 Today' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Continue Watching' })).toHaveCount(0);
  });
});
