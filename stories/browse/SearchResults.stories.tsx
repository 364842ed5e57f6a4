import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { BrowsePage } from '../../src/components/browse/BrowseLayout';
import { SearchResults } from '../../src/components/browse/SearchResults';
import { rowItems } from '../support/art-fixtures';

const items = [...rowItems('backdrop', 7), { key: 'title-no-art', title: 'The Unseen Archive', image: null }];

const meta = {
  title: 'Browse/SearchResults',
  component: SearchResults,
  args: { query: 'the', status: 'ready', items, onOpen: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <BrowsePage>
        <Story />
      </BrowsePage>
    ),
  ],
} satisfies Meta<typeof SearchResults>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Searching for "the"');
  },
};

/** Every match shows, with or without artwork; a click opens it. */
export const Results: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Results for "the"' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(8);
    await expect(canvas.getByRole('status')).toHaveTextContent('8 titles found');
    await userEvent.click(canvas.getByRole('button', { name: 'The Unseen Archive' }));
    await expect(args.onOpen).toHaveBeenCalledWith('title-no-art');
  },
};

export const NoResults: Story = {
  args: { query: 'zzyzx', items: [] },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('No titles match "zzyzx".');
    await expect(status).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', items: [], errorMessage: 'Search is not available right now.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Search is not available right now.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
