import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { SeasonPicker } from '../../src/components/browse/SeasonPicker';
import { inMain, SEASONS } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/SeasonPicker',
  component: SeasonPicker,
  args: { seasons: SEASONS, value: 1, onValueChange: fn() },
  decorators: [inMain],
} satisfies Meta<typeof SeasonPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

// Radix Select renders its list in a portal: query from the document body.
const body = () => within(document.body);

/** A labelled combobox showing the season picked. */
export const Closed: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Season' })).toHaveTextContent('Season 1');
  },
};

/** Picked with the mouse: the list shows each season's episode count. */
export const PickWithPointer: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('combobox', { name: 'Season' }));
    const option = await body().findByRole('option', { name: /Season 2/ });
    await expect(option).toHaveTextContent('(4 Episodes)');
    await userEvent.click(option);
    await expect(args.onValueChange).toHaveBeenCalledWith(2);
  },
};

/** Picked with the keyboard alone: Enter opens, arrows move, Enter picks, focus returns to the picker. */
export const PickWithKeyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const picker = within(canvasElement).getByRole('combobox', { name: 'Season' });
    picker.focus();
    await userEvent.keyboard('{Enter}');
    await body().findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onValueChange).toHaveBeenCalledWith(3);
    await waitFor(() => expect(picker).toHaveFocus());
  },
};
