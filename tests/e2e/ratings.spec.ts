import { signUpAsMember, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

// Thumbs ratings against the real server: a member gives a film two thumbs up on its detail
// view, and home then has a "Because you watched" row for it, made by the server.

const server = sharedServer();
const API_KEY = 'marquee-local-key';

interface ListTitle {
  id: number;
  title: string;
}

/** The first film of Top Rated, as the server lists it (the catalogue's data decides which). */
async function topRatedFilm(): Promise<ListTitle> {
  const response = await fetch(`${server.url}/tmdb/3/movie/top_rated?api_key=${API_KEY}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: ListTitle[] }).results[0]!;
}

test('two thumbs up on a film brings a "Because you watched" row to home', async ({ page }) => {
  test.setTimeout(120_000);
  const film = await topRatedFilm();
  await signUpAsMember(page, server.url, uniqueEmail('ratings'));
  const heading = `Because you watched ${film.title}`;
  await expect(page.getByRole('region', { name: heading })).toHaveCount(0);

  const dialog = page.getByRole('dialog');
  const thumbs = dialog.getByRole('group', { name: 'Rate this title' });
  await test.step('the detail view has the three thumbs, reached by keyboard', async () => {
    const row = page.getByRole('region', { name: 'Top Rated' });
    await row.scrollIntoViewIfNeeded();
    await row.getByRole('button', { name: film.title, exact: true }).click();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(film.title);
    await expect(thumbs.getByRole('button', { name: 'I like this' })).toBeEnabled({ timeout: 10_000 });
    for (const name of ['Not for me', 'I like this', 'Love this!']) {
      await expect(thumbs.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    await expectNoAxeViolations(page, 'the detail view with its thumbs');
  });

  await test.step('two thumbs up, pressed from the keyboard, is stored', async () => {
    await thumbs.getByRole('button', { name: 'I like this' }).focus();
    await page.keyboard.press('Tab');
    await expect(thumbs.getByRole('button', { name: 'Love this!' })).toBeFocused();
    const saved = page.waitForResponse(
      (response) => response.url().includes('/ratings/movie-') && response.request().method() === 'PUT',
    );
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(thumbs.getByRole('button', { name: 'Love this!' })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('back home, the row is there with titles like it', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('region', { name: heading });
    await row.scrollIntoViewIfNeeded();
    await expect(row).toBeVisible({ timeout: 10_000 });
    const cards = row.getByRole('button', { name: /.+/ });
    await expect(cards.first()).toBeVisible();
    expect(await row.getByRole('button', { name: film.title, exact: true }).count()).toBe(0);
  });

  await test.step("a row's preview card has the thumbs too, beside its other controls", async () => {
    const row = page.getByRole('region', { name: 'Top Rated' });
    await row.scrollIntoViewIfNeeded();
    const card = row
      .getByRole('button')
      .filter({ has: page.getByRole('img') })
      .nth(1);
    const name = (await card.getByRole('img').getAttribute('alt'))!;
    const preview = row.getByRole('group', { name, exact: true });
    const cardThumbs = preview.getByRole('group', { name: `Rate ${name}` });
    const up = cardThumbs.getByRole('button', { name: 'I like this' });
    // A row arriving above (home's personal rows come after the page) can move the card from under
    // the pointer, and its preview closes as a viewer's would: rest the pointer on it again then.
    await expect(async () => {
      await card.hover();
      await expect(up).toBeEnabled({ timeout: 3_000 });
      await expect(preview.getByRole('button', { name: `More Info about ${name}` })).toBeInViewport({ ratio: 1 });
      if ((await up.getAttribute('aria-pressed', { timeout: 3_000 })) !== 'true') await up.click({ timeout: 3_000 });
      await expect(up).toHaveAttribute('aria-pressed', 'true', { timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
  });

  await test.step('the rating and the row survive a reload', async () => {
    await page.reload();
    await expect(page.getByRole('region', { name: heading })).toBeVisible({ timeout: 20_000 });
  });
});
