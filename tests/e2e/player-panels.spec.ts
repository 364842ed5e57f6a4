import { type Page } from '@playwright/test';

import { signUpAsMember, uniqueEmail } from './support/accounts';
import { playerVideo } from './support/player';
import { expect, sharedServer, test } from './support/shared-server';

// The profile's subtitle appearance and the episodes panel, on the real programmes over HLS.

const server = sharedServer();

// The page's own player (a prerendered one may lie over it until it has its programme).
const playerRoot = (page: Page) => page.locator('#root main[data-state]');

async function first(page: Page, list: string) {
  const response = await page.request.get(`${server.url}/tmdb/3/${list}?api_key=marquee-local-key`);
  return ((await response.json()) as { results: { id: number }[] }).results;
}

/**
 * What the page's style sheets give the player's cues: every `::cue` rule whose part before the
 * `video::cue` matches the player's root. The cue boxes live in the video's closed user-agent
 * shadow tree, so their computed style cannot be read; the rules that reach them can.
 */
const cueStyle = (page: Page) =>
  playerRoot(page).evaluate((root) => {
    const found: Record<string, string> = {};
    // Stitches groups its rules (@media blocks), so the walk goes into every grouping rule.
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSGroupingRule) walk(rule.cssRules);
        if (!(rule instanceof CSSStyleRule) || !rule.selectorText.endsWith('video::cue')) continue;
        const scope = rule.selectorText.slice(0, -'video::cue'.length).trim();
        if (!root.matches(scope)) continue;
        for (const name of ['color', 'background-color', 'font-size']) {
          const value = rule.style.getPropertyValue(name);
          if (value) found[name] = value;
        }
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    return found;
  });

test('subtitle appearance set in Edit Profile styles the player’s cues, kept across a reload, not another profile’s', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, server.url, uniqueEmail('subtitles'));

  await test.step('Edit Profile: large, yellow', async () => {
    await page.goto(`${server.url}/manage-profile`);
    const section = page.getByRole('region', { name: 'Subtitle appearance' });
    await section.getByRole('radio', { name: 'Large' }).check();
    await section.getByRole('radio', { name: 'Yellow' }).check();
    await expect(section.getByRole('img', { name: /^Subtitle preview: Large, Yellow text/ })).toBeVisible();
    await section.getByRole('button', { name: 'Save subtitle appearance' }).click();
    await expect(section.getByRole('status')).toHaveText('Subtitle appearance saved.');
  });

  const [film] = await first(page, 'movie/top_rated');
  await test.step('a title with subtitles on: the cues take the profile’s style', async () => {
    await page.goto(`${server.url}/watch/movie/${film!.id}`);
    await expect(playerRoot(page)).toHaveAttribute('data-state', /playing|paused/, { timeout: 20_000 });
    await page.mouse.move(420, 300);
    await page.getByRole('button', { name: 'Subtitles: Off' }).click();
    await page.getByRole('menuitemradio', { name: /English/ }).click();
    await expect
      .poll(
        () =>
          playerVideo(page).evaluate((element: HTMLVideoElement) =>
            Array.from(element.textTracks).some((track) => track.mode === 'showing'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await expect(playerRoot(page)).toHaveAttribute('data-subtitle-size', 'large');
    await expect(playerRoot(page)).toHaveAttribute('data-subtitle-color', 'yellow');
    expect(await cueStyle(page)).toEqual({
      color: 'rgb(255, 235, 59)',
      'background-color': 'rgba(0, 0, 0, 0.5)',
      'font-size': '150%',
    });
  });

  await test.step('the server keeps it: a reload styles them the same', async () => {
    await page.reload();
    await expect(playerRoot(page)).toHaveAttribute('data-subtitle-size', 'large', { timeout: 20_000 });
    expect((await cueStyle(page))['font-size']).toBe('150%');
  });

  await test.step('another profile of the account keeps the defaults', async () => {
    await page.goto(`${server.url}/profiles`);
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Add Profile' }).click();
    await page.getByLabel('Name').fill('Bob');
    await page.getByRole('button', { name: 'Continue' }).click();
    await main.getByRole('button', { name: 'Bob', exact: true }).click();
    await expect(page.getByRole('banner').getByRole('button', { name: /^Profile menu/ })).toHaveAccessibleName(
      'Profile menu for Bob',
    );
    await page.evaluate((id) => window.history.pushState(null, '', `/watch/movie/${id}`), film!.id);
    await expect(playerRoot(page)).toHaveAttribute('data-subtitle-size', 'medium', { timeout: 20_000 });
    expect(await cueStyle(page)).toEqual({
      color: 'rgb(255, 255, 255)',
      'background-color': 'rgba(0, 0, 0, 0.5)',
      'font-size': '100%',
    });
  });
});

test('the episodes panel lists the seasons’ episodes; Esc closes it, and an episode chosen plays', async ({ page }) => {
  test.setTimeout(90_000);
  await signUpAsMember(page, server.url, uniqueEmail('episodes'));
  const [series] = await first(page, 'tv/top_rated');
  await page.evaluate((id) => window.history.pushState(null, '', `/watch/tv/${id}/1/1`), series!.id);
  await expect(playerRoot(page)).toHaveAttribute('data-state', /playing|paused/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toContainText('S1:E1');

  const button = page.getByRole('button', { name: 'Episodes' });
  const panel = page.getByRole('dialog', { name: 'Episodes' });
  await test.step('the button opens the panel and focus moves in; Esc gives it back', async () => {
    await page.mouse.move(420, 300);
    await button.click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(panel.locator('[aria-current="true"]')).toContainText(/^1\. /);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    expect(new URL(page.url()).pathname).toBe(`/watch/tv/${series!.id}/1/1`);
  });

  await test.step('episode 2 chosen: the address and the title change', async () => {
    await button.click();
    await panel.getByRole('button', { name: /^2\. / }).click();
    await expect(page).toHaveURL(new RegExp(`/watch/tv/${series!.id}/1/2$`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('S1:E2', { timeout: 20_000 });
    await expect(playerRoot(page)).toHaveAttribute('data-state', /playing|paused/, { timeout: 20_000 });
  });
});
