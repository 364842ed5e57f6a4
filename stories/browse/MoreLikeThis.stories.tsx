import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { MoreLikeThis } from '../../src/components/browse/MoreLikeThis';
import { inMain, SIMILAR } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/MoreLikeThis',
  component: MoreLikeThis,
  args: { status: 'ready', items: SIMILAR, onOpen: fn(), onRetry: fn() },
  decorators: [inMain],
} satisfies Meta<typeof MoreLikeThis>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'More Like This' });

/** A grid of cards: art, title, year, and maturity when known; activating one asks to open it. */
export const Loaded: Story = {
  play: async ({ args, canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getAllByRole('listitem')).toHaveLength(4);
    const card = region.getByRole('button', { name: /Kestrel/ });
    await expect(card).toHaveTextContent('Maturity rating: PG-13');
    await expect(card).toHaveTextContent('2016');
    card.focus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith('movie-2');
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(within(section(canvasElement)).queryByRole('button')).toBeNull();
  },
};

export const FailedWithRetry: Story = {
  args: { status: 'error', items: [] },
  play: async ({ args, canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getByRole('alert')).toHaveTextContent('More Like This could not be loaded.');
    await userEvent.click(region.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const NothingSimilar: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveTextContent('Nothing similar to show yet.');
  },
};
