import { type Page } from '@playwright/test';

import { signUp as signUpAs, uniqueEmail } from './support/accounts';
import { expectNoAxeViolations } from './support/axe';
import { expectSameDocument, markDocument } from './support/same-document';
import { expect, sharedServer, test } from './support/shared-server';

// Every title has an address, /title/{movie|tv}/{id}, over the page it was opened from.
const server = sharedServer();

const signUp = (page: Page) => signUpAs(page, server.url, uniqueEmail('address'));

test('a title opened from a row has its own address: reload opens it again, Back closes it, a shared link opens it', async ({
  page,
}) => {
  await signUp(page);
  const row = page.getByRole('region', { name: 'Trending Now' });
  const card = row.getByRole('button').first();
  await expect(card).toBeVisible();
  const name = (await card.locator('img').getAttribute('alt'))!;
  const dialog = page.getByRole('dialog');
  let address = '';

  await test.step('opening a card pushes its address', async () => {
    await markDocument(page);
    // The pointer may have come to rest over the card while home loaded, opening its preview.
    await page.mouse.move(0, 0);
    await expect(row.getByRole('group')).toHaveCount(0);
    await card.click();
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(name);
    await expect(page).toHaveURL(/\/title\/(movie|tv)\/\d+$/);
    address = new URL(page.url()).pathname;
  });

  await test.step('Back closes the detail view, stays on the page and returns focus to the card', async () => {
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(card).toBeFocused();
    await expectSameDocument(page);
  });

  await test.step('reloading the address opens the same title over home', async () => {
    await card.click();
    await expect(page).toHaveURL(`${server.url}${address}`);
    await page.reload();
    await expect(page.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(name);
    await expectNoAxeViolations(page, 'a title opened from its reloaded address');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page).toHaveURL(`${server.url}/`);
    await expect(page.getByRole('region', { name: 'Trending Now' })).toBeVisible();
  });

  await test.step('a shared address opens the title in a new tab; closing it leaves home there', async () => {
    const context = page.context();
    const shared = await context.newPage();
    await shared.goto(`${server.url}${address}`);
    await expect(shared.getByRole('dialog').getByRole('heading', { level: 2 })).toHaveText(name);
    await shared.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(shared).toHaveURL(`${server.url}/`);
    await expect(shared.getByRole('region', { name: 'Trending Now' })).toBeVisible();
    await shared.close();
  });

  await test.step('an address naming no title says so, and dismissing it goes home', async () => {
    await page.goto(`${server.url}/title/movie/999999999`);
    await expect(page.getByRole('alert')).toContainText("We couldn't open that title.");
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page).toHaveURL(`${server.url}/`);
  });
});
