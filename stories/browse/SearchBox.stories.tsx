import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { SearchBox, searchBoxFitsTopBar } from '../../src/components/browse/SearchBox';

const meta = {
  title: 'Browse/SearchBox',
  component: SearchBox,
  args: { open: false, value: '', onOpen: fn(), onValueChange: fn(), onClear: fn(), onBlurEmpty: fn() },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 16, padding: 24, background: '#000' }}>
        <Story />
        {/* Somewhere for focus to go when it leaves the box. */}
        <button type="button">Profile</button>
      </div>
    ),
  ],
  // The box alone is a fragment: in the app it sits in the top bar's banner landmark, so the
  // "all content in landmarks" rule has nothing to check here.
  parameters: { a11y: { config: { rules: [{ id: 'region', enabled: false }] } } },
} satisfies Meta<typeof SearchBox>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: an icon, at every width (docs/decisions.md: phones too). */
export const Closed: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const icon = canvas.getByRole('button', { name: 'Search' });
    await expect(icon).toBeVisible();
    await userEvent.click(icon);
    await expect(args.onOpen).toHaveBeenCalledTimes(1);
  },
};

/**
 * The search page's own box on a phone (viewport "mobile1", 320 px): full width, focused, with
 * the X to leave the search. Wider, the top bar's box is the one shown and this one is hidden.
 */
export const PageBoxOnPhone: Story = {
  args: { placement: 'page', open: true, value: 'nolan' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  decorators: [
    (Story) => (
      <main style={{ padding: 16 }}>
        <Story />
      </main>
    ),
  ],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    if (searchBoxFitsTopBar()) {
      await expect(canvas.queryByRole('searchbox')).toBeNull();
      return;
    }
    const input = canvas.getByRole('searchbox', { name: 'Search titles' });
    await expect(input).toHaveFocus();
    await expect(input.parentElement!.getBoundingClientRect().width).toBeGreaterThan(window.innerWidth - 64);
    await userEvent.type(input, 's');
    await expect(args.onValueChange).toHaveBeenCalledWith('nolans');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(args.onClear).toHaveBeenCalledTimes(1);
  },
};

/** Just opened: focus is in the box; leaving it empty closes it (docs/spec.md §4). */
export const OpenEmpty: Story = {
  args: { open: true },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search titles' });
    await expect(input).toHaveFocus();
    await expect(input).toHaveAttribute('placeholder', 'Titles, people, genres');
    await step('moving to the X stays inside the search', async () => {
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Clear search' })).toHaveFocus();
      await expect(args.onBlurEmpty).not.toHaveBeenCalled();
    });
    await step('leaving it empty asks to close', async () => {
      await userEvent.tab();
      await expect(args.onBlurEmpty).toHaveBeenCalledTimes(1);
    });
  },
};

export const OpenWithText: Story = {
  args: { open: true, value: 'star' },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByRole('searchbox', { name: 'Search titles' });
    await step('typing reports the new text', async () => {
      await userEvent.type(input, 's');
      await expect(args.onValueChange).toHaveBeenCalledWith('stars');
    });
    await step('leaving a box with text keeps it open', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Profile' }));
      await expect(args.onBlurEmpty).not.toHaveBeenCalled();
    });
    await step('the X clears', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
      await expect(args.onClear).toHaveBeenCalledTimes(1);
    });
    await step('Escape in the box clears too', async () => {
      await userEvent.type(input, '{Escape}');
      await expect(args.onClear).toHaveBeenCalledTimes(2);
    });
  },
};
