import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { MyListPage } from '../../src/components/watching/MyListPage';
import { rowItems } from '../support/art-fixtures';

const meta = {
  title: 'Watching/MyListPage',
  component: MyListPage,
  args: {
    status: 'ready',
    items: rowItems('backdrop', 7),
    homeHref: '/',
    onHome: fn(),
    onOpen: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof MyListPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The profile's titles as a grid; a card opens its detail. */
export const Filled: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(7);
    await userEvent.click(canvas.getByRole('button', { name: 'Paper Moons' }));
    await expect(args.onOpen).toHaveBeenCalledWith('title-3');
  },
};

/** Nothing listed yet: says how titles get here, with a way home. */
export const Empty: Story = {
  args: { items: [] },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Titles you add to My List appear here.')).toBeVisible();
    const home = canvas.getByRole('link', { name: 'Browse titles' });
    await expect(home).toHaveAttribute('href', '/');
    await userEvent.click(home);
    await expect(args.onHome).toHaveBeenCalledTimes(1);
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading My List');
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', items: [], errorMessage: 'Could not reach Marquee. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
