import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import { TopTenRow } from '../../src/components/browse/TopTenRow';
import { rowItems } from '../support/art-fixtures';

const TEN = rowItems('poster', 10).map(({ key, title, image }) => ({ key, title, poster: image }));

const meta = {
  title: 'Browse/TopTenRow',
  component: TopTenRow,
  args: { heading: 'Top 10 Today', status: 'ready', items: TEN, onOpen: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <div style={{ paddingTop: 24 }}>
        <RowStack>
          <Story />
        </RowStack>
      </div>
    ),
  ],
} satisfies Meta<typeof TopTenRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Ten posters, each beside its rank; the numerals are decoration, each card's name says the rank. */
export const Ready: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('region', { name: 'Top 10 Today' });
    const cards = within(row).getAllByRole('button', { name: /^No\. \d+, / });
    await expect(cards).toHaveLength(10);
    await expect(cards[0]).toHaveAccessibleName(`No. 1, ${TEN[0]!.title}`);
    await expect(cards[9]).toHaveAccessibleName(`No. 10, ${TEN[9]!.title}`);
    const numerals = within(row).getAllByTestId('top-ten-numeral');
    await expect(numerals.map((numeral) => numeral.textContent)).toEqual(TEN.map((_, index) => String(index + 1)));
    for (const numeral of numerals) await expect(numeral).toHaveAttribute('aria-hidden', 'true');
    // One tab stop; the arrow keys move along the row; Enter opens.
    await expect(cards.filter((card) => card.tabIndex === 0)).toHaveLength(1);
    cards[0]!.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(cards[1]).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(cards[9]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(TEN[9]!.key);
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText('Loading Top 10 Today')).toBeInTheDocument();
  },
};

export const Failed: Story = {
  args: { status: 'error', items: [], errorMessage: 'The catalogue answered 503.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('The catalogue answered 503.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /try again/i }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};
