import { expect, type Page } from '@playwright/test';

/** Puts a mark on the page's window: it survives only if the page is never reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { marqueeSameDocument: true }));
}

/** The mark markDocument() left is still there: everything since happened without a reload. */
export async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as { marqueeSameDocument?: boolean }).marqueeSameDocument)).toBe(true);
}
