import { expect, userEvent, waitFor } from 'storybook/test';

type Step = (label: string, play: () => Promise<void>) => Promise<void> | void;

/**
 * A lazily loaded menu (src/components/lazy-menu.ts) whose half the story's loader downloaded:
 * the loader's answer is that half, the trigger is the loaded menu's own (Radix's, which says which
 * menu it controls once open), and the menu opens by keyboard and by pointer, Escape closing it
 * each time with focus back on the trigger.
 */
export async function playLoadedMenu({
  loaded,
  half,
  trigger,
  menu,
  step,
}: {
  /** What the story's loader resolved to (the menu loader's preload). */
  loaded: unknown;
  /** The half's component, imported from its module. */
  half: unknown;
  trigger: HTMLElement;
  /** The open menu, once there. */
  menu: () => Promise<HTMLElement>;
  step: Step;
}) {
  await step('The loader downloaded this half, and the page shows it', async () => {
    await expect(loaded).toBe(half);
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
