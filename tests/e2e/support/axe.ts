import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

export interface AxeScanOptions {
  /**
   * axe rule ids to skip on this screen. Only for what the app cannot fix (a page the server
   * renders); say why at the call.
   */
  disableRules?: string[];
}

/** One line per failing element: rule, impact, what it asks for, and where. */
function describe(violation: Violation): string[] {
  return violation.nodes.map(
    (node) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n    at ${node.target.join(' ')}\n    ${node.html}\n    ${node.failureSummary ?? ''}`,
  );
}

/**
 * Runs axe-core (every rule it enables by default: WCAG 2.x A/AA and best practices) over the
 * whole page as it is now, portals and frames included, and records any violation as a soft
 * failure: the test goes on, so one run reports every screen that fails.
 */
export async function expectNoAxeViolations(page: Page, label: string, options: AxeScanOptions = {}): Promise<void> {
  const started = Date.now();
  await test.step(`axe: no violations on ${label}`, async () => {
    // Let entrances (the dialog's and the menu's fade-ins) finish, or colours are read mid-fade.
    // Endless ones, like a loading shimmer, are not waited for.
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    let builder = new AxeBuilder({ page });
    if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
    const { violations } = await builder.analyze();
    expect.soft(violations.flatMap(describe), `axe violations on ${label}`).toEqual([]);
  });
  // A scan takes one to several seconds on a busy machine: give it back to the test, so the flow
  // keeps the time budget it had without scans.
  const info = test.info();
  info.setTimeout(info.timeout + (Date.now() - started));
}
