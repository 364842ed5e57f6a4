import { maySee, titleMaturity, tmdbCertifications } from '../../shared/profiles/maturity';
import { signUpAsMember } from './support/accounts';
import { expect, sharedServer, test } from './support/shared-server';

// A kids profile, end to end: added with "Kids?", chosen on Who's Watching, its top bar is the
// kids one, and no title above 7+ reaches it by home, search or a title's address.
const server = sharedServer();
const API_KEY = 'marquee-local-key';
/** The Godfather (R, 15): 16+ in the shipped catalogue. */
const GODFATHER = 238;

/** A title's level as the catalogue answers it to anyone (signed out: the whole catalogue). */
async function levelOf(name: string) {
  const api = async <T>(path: string) => {
    const response = await fetch(`${server.url}/tmdb/3${path}${path.includes('?') ? '&' : '?'}api_key=${API_KEY}`);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  type Found = { id: number; media_type: string; title?: string; name?: string };
  const found = await api<{ results: Found[] }>(`/search/multi?query=${encodeURIComponent(name)}`);
  const title = found.results.find((each) => (each.title ?? each.name) === name);
  expect(title, name).toBeDefined();
  const ratings =
    title!.media_type === 'movie'
      ? (await api<{ results: [] }>(`/movie/${title!.id}/release_dates`)).results
      : (await api<{ results: [] }>(`/tv/${title!.id}/content_ratings`)).results;
  return titleMaturity(tmdbCertifications(ratings));
}

test('a kids profile sees no title above 7+ on home, in search or by address', async ({ page }) => {
  test.setTimeout(120_000);
  const main = page.getByRole('main');
  const banner = page.getByRole('banner');

  await test.step('a member adds a kids profile and chooses it', async () => {
    await signUpAsMember(page, server.url);
    await page.goto(`${server.url}/add-profile`);
    await page.getByLabel('Name').fill('Robin');
    await page.getByRole('checkbox', { name: 'Kids?' }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: "Who's Watching?" })).toBeVisible();
    await main.getByRole('button', { name: 'Robin', exact: true }).click();
  });

  await test.step('the top bar is the kids one: the Kids mark, Exit Kids, no account items', async () => {
    await expect(banner.getByRole('link', { name: /Kids home$/ })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Exit Kids' })).toBeVisible();
    const menu = banner.getByRole('button', { name: 'Profile menu for Robin' });
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Switch Profiles' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Account' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Sign Out' })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  await test.step("home starts with kids' rows, and its cards are 7+ or lower", async () => {
    const first = page.getByRole('region', { name: 'Animated Films' });
    await expect(first.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    // A card's name is its art's alt text: the title.
    const namesIn = (row: typeof first) =>
      row
        .getByRole('listitem')
        .getByRole('img')
        .evaluateAll((art) => art.map((img) => img.getAttribute('alt') ?? ''));
    const names = (await namesIn(first)).slice(0, 4);
    const trending = page.getByRole('region', { name: 'Trending Now' });
    await trending.scrollIntoViewIfNeeded();
    await expect(trending.getByRole('listitem').first()).toBeVisible({ timeout: 20_000 });
    names.push(...(await namesIn(trending)).slice(0, 4));
    const checked = names.filter(Boolean).slice(0, 8);
    expect(checked.length).toBeGreaterThan(3);
    for (const name of checked) expect(maySee('7+', await levelOf(name)), name).toBe(true);
  });

  await test.step('searching "godfather" shows nothing', async () => {
    await page.goto(`${server.url}/search?q=godfather`);
    await expect(page.getByText('No titles match "godfather".')).toBeAttached({ timeout: 20_000 });
    await expect(main.getByRole('button', { name: /Godfather/ })).toHaveCount(0);
  });

  await test.step('The Godfather by its address is not found', async () => {
    expect(await levelOf('The Godfather')).not.toBe('7+');
    await page.goto(`${server.url}/title/movie/${GODFATHER}`);
    await expect(page.getByRole('alert')).toContainText("We couldn't open that title.");
    await expect(page.getByRole('heading', { name: 'The Godfather' })).toHaveCount(0);
  });
});
