import { expect, userEvent, waitFor, within } from 'storybook/test';

type Step = (label: string, play: () => Promise<void>) => Promise<void> | void;

/**
 * A lazily loaded menu (src/components/lazy-menu.ts) whose half the story's loader downloaded:
 * the loader's answer is that half, the trigger is the loaded menu's own (Radix's, which says which
 * menu it controls once open), and the menu opens by keyboard and by pointer, Escape closing it
 * each time with focus back on the trigger.
 */
export async function playLoadedMenu(
  /** The story's play context: its canvas, what its loader resolved to (`menu`, the loader's preload), its steps. */
  { canvasElement, loaded, step }: { canvasElement: HTMLElement; loaded: Record<string, unknown>; step: Step },
  /** The half's component, imported from its module, and the trigger's accessible name. */
  half: unknown,
  triggerName: string,
) {
  const trigger = within(canvasElement).getByRole('button', { name: triggerName });
  // Some menus render in place, others in a portal: the document finds either.
  const menu = () => within(document.body).findByRole('menu');
  await step('The loader downloaded this half, and the page shows it', async () => {
    await expect(loaded.menu).toBe(half);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
  await step('Enter opens the menu on its first item; Escape closes it and focus returns to the trigger', async () => {
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const open = await menu();
    await expect(trigger).toHaveAttribute('aria-controls', open.id);
    await waitFor(() => expect(open.querySelector('[role^="menuitem"]')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(trigger).toHaveFocus());
  });
  await step('A click opens it; Escape closes it and focus returns to the trigger', async () => {
    await userEvent.click(trigger);
    await menu();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(trigger).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(trigger).toHaveFocus());
  });
}
