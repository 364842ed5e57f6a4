import { type Locator, type Page } from '@playwright/test';

import { signIn as signInAs, signUpThroughApi } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expect, sharedServer, test } from './support/shared-server';

// Rows that page with their arrows, and preview cards on hover, against the real server and build.
const server = sharedServer();
const email = `rows-${Date.now()}@example.com`;

test.beforeAll(async () => {
  // The account through the API; sign-up gives it its first profile, so My List is there to add to.
  await signUpThroughApi(server.url, email);
});

async function signIn(page: Page) {
  await signInAs(page, server.url, email);
  // The pointer left where Sign In was would come to rest on a card as the rows arrive.
  await page.mouse.move(0, 0);
}

/** The row's cards (the buttons in its list, not its arrows). */
const cardsOf = (row: Locator) => row.getByRole('listitem').getByRole('button');

/** The index of the first card the list cuts off at its right edge. */
async function firstCutOff(row: Locator): Promise<number> {
  return row
    .getByRole('list')
    .first()
    .evaluate((list) => {
      const right = list.getBoundingClientRect().right;
      const cards = [...list.querySelectorAll(':scope > li')];
      return cards.findIndex((card) => card.getBoundingClientRect().right > right);
    });
}

test('a home row pages with its arrow, and a resting pointer opens a preview card', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const row = page.getByRole('region', { name: 'Trending Now' });
  await expect(cardsOf(row).nth(5)).toBeAttached({ timeout: 20_000 });
  await row.scrollIntoViewIfNeeded();
  const status = row.getByRole('status');

  await test.step('paging: the next arrow brings the cut-off cards into view and the indicator moves', async () => {
    await expect(row.getByRole('button', { name: 'Show previous titles' })).toHaveCount(0);
    await expect(status).toHaveText(/^Page 1 of \d+$/);
    const cut = await firstCutOff(row);
    expect(cut).toBeGreaterThan(0);
    await expect(cardsOf(row).nth(cut)).not.toBeInViewport({ ratio: 1 });

    // The arrows show while the row is hovered.
    await row.getByRole('heading', { level: 2 }).hover();
    const next = row.getByRole('button', { name: 'Show more titles' });
    await expect(next).toHaveCSS('opacity', '1');
    await next.click();
    await expect(status).toHaveText(/^Page 2 of \d+$/);
    await expect(cardsOf(row).nth(cut)).toBeInViewport({ ratio: 1 });
    await expect(cardsOf(row).nth(0)).not.toBeInViewport();
    await expect(row.getByRole('button', { name: 'Show previous titles' })).toBeVisible();
    await expect(row.getByTestId('page-indicators').locator('[data-current]')).toHaveCount(1);
    expect(
      await row
        .getByTestId('page-indicators')
        .evaluate((bars) => [...bars.children].findIndex((bar) => bar.hasAttribute('data-current'))),
    ).toBe(1);

    await row.getByRole('button', { name: 'Show previous titles' }).click();
    await expect(status).toHaveText(/^Page 1 of \d+$/);
    await expect(cardsOf(row).nth(0)).toBeInViewport({ ratio: 1 });
  });

  await test.step('a preview card on hover: Play, My List, More Info and the facts', async () => {
    const card = cardsOf(row).nth(1);
    const name = (await card.getByRole('img').getAttribute('alt'))!;
    await card.hover();
    const preview = row.getByRole('group', { name, exact: true });
    await expect(preview).toBeVisible();
    await expect(preview.getByRole('button', { name: `Play ${name}` })).toBeVisible();
    await expect(preview.getByRole('button', { name: `Add ${name} to My List` })).toBeVisible();
    await expect(preview.getByRole('button', { name: `More Info about ${name}` })).toBeVisible();
    // The details arrive when it opens: a length ("1h 58m" or "2 Seasons") and the genres.
    await expect(preview).toContainText(/\d+h|\d+m|Seasons?/);
    await expect(preview.getByRole('list', { name: 'Genres' }).getByRole('listitem').first()).toBeVisible();
    await expectNoAxeViolations(page, 'home with a preview card open');

    await test.step('My List adds the title from the preview', async () => {
      await preview.getByRole('button', { name: `Add ${name} to My List` }).click();
      await expect(preview.getByRole('button', { name: `Remove ${name} from My List` })).toBeVisible();
    });

    await test.step('More Info opens the detail view; Escape closes it, back on the card', async () => {
      await preview.getByRole('button', { name: `More Info about ${name}` }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
      await expect(preview).toBeHidden();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(card).toBeFocused();
    });
  });

  await test.step('the pointer leaving closes the preview', async () => {
    const card = cardsOf(row).nth(2);
    await card.hover();
    // The preview card, not the thumbs group inside it ("Rate …").
    const preview = row.getByRole('group', { name: /^(?!Rate )/ });
    await expect(preview).toBeVisible();
    await page.mouse.move(5, 5);
    await expect(preview).toHaveCount(0);
  });

  await test.step('Play in a preview goes to the player page', async () => {
    const card = cardsOf(row).nth(0);
    const name = (await card.getByRole('img').getAttribute('alt'))!;
    // The row mid-screen, so that the preview's buttons are in view: clicking one must not scroll
    // the page, which would take the card from under the pointer and close the preview.
    await card.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    // Hover and click again if the preview closed on the way (its open and the pointer's path
    // race on a busy machine): what is checked is where Play leads.
    await expect(async () => {
      await card.hover();
      await row
        .getByRole('group', { name, exact: true })
        .getByRole('button', { name: `Play ${name}` })
        .click({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/watch\/(movie|tv)\/\d+$/);
  });
});

test('keyboard: p on a focused card opens its preview with focus inside; Escape returns to the card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const row = page.getByRole('region', { name: 'Top Rated' });
  // A row below the first screen shows its cards as it nears the viewport.
  await row.scrollIntoViewIfNeeded({ timeout: 20_000 });
  await expect(cardsOf(row).nth(1)).toBeAttached({ timeout: 20_000 });
  await cardsOf(row).first().focus();
  await page.keyboard.press('ArrowRight');
  const card = cardsOf(row).nth(1);
  await expect(card).toBeFocused();
  const name = (await card.getByRole('img').getAttribute('alt'))!;
  await page.keyboard.press('p');
  const preview = row.getByRole('group', { name, exact: true });
  await expect(preview.getByRole('button', { name: `Play ${name}` })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(preview).toHaveCount(0);
  await expect(card).toBeFocused();
});

test("one preview in the page: p in one row closes the pointer's preview in another, and the pointer's next one closes it", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  const trending = page.getByRole('region', { name: 'Trending Now' });
  const topRated = page.getByRole('region', { name: 'Top Rated' });
  await topRated.scrollIntoViewIfNeeded({ timeout: 20_000 });
  await expect(cardsOf(topRated).nth(1)).toBeAttached({ timeout: 20_000 });
  await expect(cardsOf(trending).nth(1)).toBeVisible();
  const previews = page.getByRole('group', { name: /./ }).filter({ has: page.getByRole('button', { name: /^Play / }) });

  await test.step('the pointer rests on a Trending Now card: its preview opens', async () => {
    const name = (await cardsOf(trending).nth(1).getByRole('img').getAttribute('alt'))!;
    await cardsOf(trending).nth(1).hover();
    await expect(trending.getByRole('group', { name, exact: true })).toBeVisible();
  });

  await test.step('p on a focused Top Rated card opens its preview and closes the other', async () => {
    const card = cardsOf(topRated).first();
    const name = (await card.getByRole('img').getAttribute('alt'))!;
    await card.focus();
    await page.keyboard.press('p');
    const preview = topRated.getByRole('group', { name, exact: true });
    await expect(preview.getByRole('button', { name: `Play ${name}` })).toBeFocused();
    // The preview is taller than its card: the page brings it, Play and all, into view.
    await expect(preview.getByRole('button', { name: `More Info about ${name}` })).toBeInViewport();
    await expect(trending.getByRole('group')).toHaveCount(0);
    await expect(previews).toHaveCount(1);
  });

  await test.step("the pointer resting on another card opens that one; focus goes back to the keyboard's card", async () => {
    const card = cardsOf(trending).nth(2);
    const name = (await card.getByRole('img').getAttribute('alt'))!;
    await card.scrollIntoViewIfNeeded();
    await card.hover();
    await expect(trending.getByRole('group', { name, exact: true })).toBeVisible();
    await expect(topRated.getByRole('group')).toHaveCount(0);
    await expect(previews).toHaveCount(1);
    await expect(cardsOf(topRated).first()).toBeFocused();
  });
});

test('a phone: no arrows in the way, and a tap on a card opens the detail (no preview)', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await signIn(page);
  const row = page.getByRole('region', { name: 'Trending Now' });
  await expect(cardsOf(row).nth(1)).toBeAttached({ timeout: 20_000 });
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByRole('button', { name: 'Show more titles' })).toHaveCSS('opacity', '0');
  // A phone's tap leaves :hover on what it touched (Playwright's tap does not, its pointer does):
  // the arrows still stay out of the way.
  await row.getByRole('heading', { name: 'Trending Now' }).hover();
  await expect(row.getByRole('button', { name: 'Show more titles' })).toHaveCSS('opacity', '0');
  const card = cardsOf(row).first();
  const name = (await card.getByRole('img').getAttribute('alt'))!;
  await card.tap();
  await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(name);
  await expect(page.getByRole('group', { name, exact: true })).toHaveCount(0);
  await context.close();
});

test('with the profile autoplaying previews, a hovered card plays its trailer, muted, over its art', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const own = `rows-autoplay-${Date.now()}@example.com`;
  const uid = await signUpThroughApi(server.url, own);
  await signInAs(page, server.url, own);
  await page.mouse.move(0, 0);
  await expect(page.getByRole('region', { name: 'Trending Now' })).toBeVisible({ timeout: 20_000 });
  // Edit Profile's "Autoplay previews while browsing" on, through the same API the form uses.
  const profiles = `${server.url}/api/documents/customers/${uid}/profiles`;
  const { profiles: list } = (await (await page.request.get(profiles)).json()) as { profiles: { id: string }[] };
  const changed = await page.request.patch(`${profiles}/${list[0].id}/settings`, { data: { autoplayPreviews: true } });
  expect(changed.status()).toBe(200);
  await page.reload();

  const row = page.getByRole('region', { name: 'Trending Now' });
  await expect(cardsOf(row).nth(2)).toBeAttached({ timeout: 20_000 });
  await row.scrollIntoViewIfNeeded();
  const card = cardsOf(row).nth(1);
  const name = (await card.getByRole('img').getAttribute('alt'))!;
  const preview = row.getByRole('group', { name, exact: true });
  // Rest the pointer again if a row arriving above moved the card from under it.
  await expect(async () => {
    await card.hover();
    await expect(preview).toBeVisible({ timeout: 2_000 });
  }).toPass();
  const frame = preview.getByTitle(`${name} trailer preview`);
  await expect(frame).toBeVisible({ timeout: 15_000 });
  const art = await preview.locator('img').first().boundingBox();
  const box = await frame.boundingBox();
  expect(Math.round(box!.width)).toBe(Math.round(art!.width));
  const video = preview.frameLocator(`iframe[title="${name} trailer preview"]`).locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.muted && v.currentTime > 0))
    .toBe(true);
  await expectNoAxeViolations(page, 'a preview card playing its trailer');
});
