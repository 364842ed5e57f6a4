import type { Page } from 'playwright-core';

/**
 * Runs `script` in every document the page loads, before the page's own scripts. Handed over as
 * text with a `__name` stand-in: tsx (esbuild) wraps named functions in that helper, which the
 * page does not have, so a function passed as it is throws at its first named arrow.
 */
export async function runInEveryDocument(page: Page, script: () => void): Promise<void> {
  await page.addInitScript({ content: `var __name = (f) => f; (${script.toString()})();` });
}
