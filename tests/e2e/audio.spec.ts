import { type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { expect, sharedServer, test } from './support/shared-server';

// The player's Audio menu on the real programmes over HLS: each demo programme has its soundtrack
// and an audio-described rendition (media:build), and hls.js switches between them.

const server = sharedServer();

const playerState = (page: Page) => page.locator('main');

/** A segment of the described rendition, fetched under the page's grant. */
const describedSegment = (url: string) => /^\/media\/grants\/[^/]+\/described-\d{3}\.m4s$/.test(new URL(url).pathname);

test('the Audio menu lists both renditions, and choosing the described one switches what hls.js plays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, server.url, uniqueEmail('audio'));
  const response = await page.request.get(`${server.url}/tmdb/3/movie/top_rated?api_key=marquee-local-key`);
  const [film] = ((await response.json()) as { results: { id: number }[] }).results;
  const described: string[] = [];
  page.on('request', (request) => {
    if (describedSegment(request.url())) described.push(request.url());
  });

  await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}?t=20`), film!.id);
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 20_000 });
  // The soundtrack plays by default; nothing of the described one is fetched.
  const trigger = page.getByRole('button', { name: 'Audio: English', exact: true });
  await expect(trigger).toBeVisible({ timeout: 15_000 });
  expect(described).toEqual([]);

  // By keyboard, as the menu button pattern has it.
  await trigger.focus();
  await page.keyboard.press('Enter');
  // Named by language and kind (the check mark beside the one playing is hidden from their names).
  await expect(page.getByRole('menuitemradio')).toHaveCount(2);
  await expect(page.getByRole('menuitemradio', { name: 'English', exact: true })).toHaveAttribute(
    'aria-checked',
    'true',
  );
  await expect(page.getByRole('menuitemradio', { name: 'English – Audio Description', exact: true })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  // Opened by keyboard, the menu puts focus on its first item; each key waits for the focus to be
  // where a viewer would see it (on a busy machine an early ArrowDown only focused the first item).
  await expect(page.getByRole('menuitemradio', { name: 'English', exact: true })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitemradio', { name: 'English – Audio Description', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');

  // hls.js reports the switch (the button names what it plays), fetches the described segments,
  // and the change is announced.
  await expect(page.getByRole('button', { name: 'Audio: English – Audio Description' })).toBeVisible({
    timeout: 15_000,
  });
  await expect.poll(() => described.length, { timeout: 15_000 }).toBeGreaterThan(0);
  await expect(page.getByRole('status')).toHaveText('Audio: English – Audio Description');
  await expect(playerState(page)).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });

  // The profile's choice holds for the session: a reload plays the described rendition again.
  described.length = 0;
  await page.reload();
  await expect(page.getByRole('button', { name: 'Audio: English – Audio Description' })).toBeVisible({
    timeout: 20_000,
  });
  await expect.poll(() => described.length, { timeout: 15_000 }).toBeGreaterThan(0);
});
