import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import { TitleRow } from '../../src/components/browse/TitleRow';
import { rowItems } from '../support/art-fixtures';

const meta = {
  title: 'Browse/TitleRow',
  component: TitleRow,
  args: {
    heading: 'Trending Now',
    variant: 'backdrop',
    status: 'ready',
    items: rowItems('backdrop'),
    onOpen: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ paddingTop: 24 }}>
        <RowStack>
          <Story />
        </RowStack>
      </div>
    ),
  ],
} satisfies Meta<typeof TitleRow>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading Trending Now')).toBeInTheDocument();
  },
};

/** The originals row: large poster cards. */
export const Posters: Story = {
  args: { heading: 'MARQUEE ORIGINALS', variant: 'poster', items: rowItems('poster') },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('region', { name: 'MARQUEE ORIGINALS' });
    await expect(within(row).getAllByRole('listitem')).toHaveLength(args.items.length);
    await userEvent.click(canvas.getByRole('button', { name: 'Paper Moons' }));
    await expect(args.onOpen).toHaveBeenCalledWith('title-3');
  },
};

export const Backdrops: Story = {
  play: async ({ canvasElement }) => {
    const row = within(canvasElement).getByRole('region', { name: 'Trending Now' });
    await expect(within(row).getAllByRole('button')).toHaveLength(10);
  },
};

export const Empty: Story = {
  args: { items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nothing to show here yet.')).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', items: [], errorMessage: 'Trending Now could not be loaded. Check your connection.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Trending Now could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** One tab stop per row; arrows, Home and End move along it; Enter opens. */
export const KeyboardNavigation: Story = {
  play: async ({ args, canvasElement, step }) => {
    const cards = within(canvasElement).getAllByRole('button');
    await step('Tab into the row focuses the first card', async () => {
      await userEvent.tab();
      await expect(cards[0]).toHaveFocus();
      await expect(cards.filter((card) => card.tabIndex === 0)).toHaveLength(1);
    });
    await step('ArrowRight moves to the second card, and it becomes the tab stop', async () => {
      await userEvent.keyboard('{ArrowRight}');
      await expect(cards[1]).toHaveFocus();
      await expect(cards[1]).toHaveAttribute('tabindex', '0');
      await expect(cards[0]).toHaveAttribute('tabindex', '-1');
    });
    await step('End goes to the last card, scrolled into view', async () => {
      await userEvent.keyboard('{End}');
      const last = cards[cards.length - 1];
      await expect(last).toHaveFocus();
      const list = within(canvasElement).getByRole('list');
      // Scrolling may be smooth: wait for it to get there.
      await waitFor(() => expect(list.scrollLeft).toBeGreaterThan(0));
    });
    await step('Home goes back to the first, ArrowLeft stops there', async () => {
      await userEvent.keyboard('{Home}{ArrowLeft}');
      await expect(cards[0]).toHaveFocus();
    });
    await step('Enter opens the focused card', async () => {
      await userEvent.keyboard('{End}{Enter}');
      await expect(args.onOpen).toHaveBeenCalledWith('title-10');
    });
  },
};
