import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { BrowsePage } from '../../src/components/browse/BrowseLayout';
import { SearchResults } from '../../src/components/browse/SearchResults';
import { rowItems } from '../support/art-fixtures';

const items = [...rowItems('backdrop', 7), { key: 'title-no-art', title: 'The Unseen Archive', image: null }];
const groups = [{ key: 'names', why: 'Titles named like "the"', items }];

const meta = {
  title: 'Browse/SearchResults',
  component: SearchResults,
  args: { query: 'the', status: 'ready', groups, onOpen: fn(), onRetry: fn(), onMore: fn() },
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
  args: { status: 'loading', groups: [] },
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
  args: { query: 'zzyzx', groups: [] },
  play: async ({ canvasElement }) => {
    const status = within(canvasElement).getByRole('status');
    await expect(status).toHaveTextContent('No titles match "zzyzx".');
    await expect(status).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', groups: [], errorMessage: 'Search is not available right now.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Search is not available right now.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Titles found through a person and a genre, each group under why it is there; each title once. */
export const WhyLines: Story = {
  args: {
    query: 'ada',
    groups: [
      { key: 'person-1', why: 'Titles with Ada Brook', items: rowItems('backdrop', 3) },
      { key: 'names', why: 'Titles named like "ada"', items: [] },
      { key: 'genre-movie-1', why: 'Adventure', items: rowItems('backdrop', 6).slice(3) },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Titles with Ada Brook' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Adventure' })).toBeVisible();
    // A group left with nothing in it is not shown.
    await expect(canvas.queryByRole('heading', { name: /named like/ })).toBeNull();
    await expect(within(canvas.getByRole('region', { name: 'Adventure' })).getAllByRole('listitem')).toHaveLength(3);
    await expect(canvas.getByRole('status')).toHaveTextContent('6 titles found');
  },
};

/** More results: pressed, it asks for the next page; while loading it says so and stays focused. */
export const MoreResults: Story = {
  args: { more: 'available' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'More results' }));
    await expect(args.onMore).toHaveBeenCalledTimes(1);
  },
};

export const LoadingMore: Story = {
  args: { more: 'loading' },
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Loading more results…' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
  },
};

export const MoreFailed: Story = {
  args: { more: 'failed', errorMessage: 'Could not reach the catalogue. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('listitem')).toHaveLength(8);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onMore).toHaveBeenCalledTimes(1);
  },
};

/** Nothing typed yet: the search page says what it finds. */
export const Idle: Story = {
  args: { query: '', status: 'idle', groups: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
    await expect(canvas.getByText(/by the people in them, or by genre/)).toBeVisible();
  },
};
