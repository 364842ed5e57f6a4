import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import {
  type ContinueWatchingItem,
  ContinueWatchingRow,
  type ContinueWatchingRowProps,
} from '../../src/components/watching/ContinueWatchingRow';
import { backdropArt } from '../support/art-fixtures';

const ITEMS: ContinueWatchingItem[] = [
  {
    key: 'tv-1399',
    title: 'Glass Harbour',
    image: backdropArt('Glass Harbour', 30),
    episode: 'S2:E3',
    fraction: 0.26,
    progressText: '12:34 of 48:00',
    playHref: '/watch/tv/1399/2/3?t=754',
  },
  {
    key: 'movie-603',
    title: 'The Salt Road',
    image: backdropArt('The Salt Road', 200),
    fraction: 0.3,
    progressText: '33:00 of 1:50:00',
    playHref: '/watch/movie/603?t=1980',
  },
  {
    key: 'movie-27205',
    title: 'Kestrel',
    image: null,
    fraction: 0.82,
    progressText: '1:30:00 of 1:50:00',
    playHref: '/watch/movie/27205?t=5400',
  },
];

const meta = {
  title: 'Watching/ContinueWatchingRow',
  component: ContinueWatchingRow,
  args: { status: 'ready', items: ITEMS, onOpen: fn(), onPlay: fn(), onRemove: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <main style={{ paddingTop: 24 }}>
        <RowStack>
          <Story />
        </RowStack>
      </main>
    ),
  ],
} satisfies Meta<typeof ContinueWatchingRow>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each card: the art, how far through (and which episode), Play there, and Remove. */
export const Filled: Story = {
  play: async ({ args, canvasElement, step }) => {
    const row = within(within(canvasElement).getByRole('region', { name: 'Continue Watching' }));
    await step('progress is a labelled progressbar', async () => {
      const bar = row.getByRole('progressbar', { name: 'Glass Harbour S2:E3 watched' });
      await expect(bar).toHaveAttribute('aria-valuenow', '26');
      await expect(bar).toHaveAttribute('aria-valuetext', '12:34 of 48:00');
      await expect(row.getByText('S2:E3')).toBeVisible();
    });
    await step('Play links to the player at the saved position', async () => {
      const play = row.getByRole('link', { name: 'Play Glass Harbour S2:E3' });
      await expect(play).toHaveAttribute('href', '/watch/tv/1399/2/3?t=754');
      await userEvent.click(play);
      await expect(args.onPlay).toHaveBeenCalledWith('tv-1399');
    });
    await step('the card opens the detail; Remove removes', async () => {
      await userEvent.click(row.getByRole('button', { name: 'The Salt Road' }));
      await expect(args.onOpen).toHaveBeenCalledWith('movie-603');
      await userEvent.click(row.getByRole('button', { name: 'Remove The Salt Road from Continue Watching' }));
      await expect(args.onRemove).toHaveBeenCalledWith('movie-603');
    });
    await step('a title without art still shows, by name', async () => {
      await expect(row.getByRole('button', { name: 'Kestrel' })).toBeVisible();
    });
  },
};

/** One tab stop for the row: Tab goes card → Play → Remove, arrows move between cards. */
export const Keyboard: Story = {
  play: async ({ args, canvasElement }) => {
    const row = within(within(canvasElement).getByRole('region', { name: 'Continue Watching' }));
    await userEvent.tab();
    await expect(row.getByRole('button', { name: 'Glass Harbour' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(row.getByRole('button', { name: 'The Salt Road' })).toHaveFocus();
    await userEvent.tab();
    await expect(row.getByRole('link', { name: 'Play The Salt Road' })).toHaveFocus();
    await userEvent.tab();
    const remove = row.getByRole('button', { name: 'Remove The Salt Road from Continue Watching' });
    await expect(remove).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledWith('movie-603');
    // From a card's controls the arrows still move along the row.
    await userEvent.keyboard('{ArrowLeft}');
    await expect(row.getByRole('button', { name: 'Glass Harbour' })).toHaveFocus();
  },
};

/** The row as a screen drives it: after a removal, focus moves to the card that took its place. */
function RemovingRow(props: ContinueWatchingRowProps) {
  const [items, setItems] = useState(props.items);
  return (
    <ContinueWatchingRow
      {...props}
      items={items}
      onRemove={(key) => {
        props.onRemove(key);
        setItems((current) => current.filter((item) => item.key !== key));
      }}
    />
  );
}

export const FocusAfterRemoval: Story = {
  render: (args) => <RemovingRow {...args} />,
  play: async ({ canvasElement }) => {
    const row = within(within(canvasElement).getByRole('region', { name: 'Continue Watching' }));
    await userEvent.click(row.getByRole('button', { name: 'Remove Glass Harbour from Continue Watching' }));
    await waitFor(() => expect(row.getByRole('button', { name: 'The Salt Road' })).toHaveFocus());
    await expect(row.queryByRole('button', { name: 'Glass Harbour' })).toBeNull();
  },
};

export const Loading: Story = {
  args: { status: 'loading', items: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Loading Continue Watching')).toBeInTheDocument();
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
