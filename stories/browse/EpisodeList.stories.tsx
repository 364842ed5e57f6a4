import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { EpisodeList } from '../../src/components/browse/EpisodeList';
import { episodes, inMain, SEASONS } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/EpisodeList',
  component: EpisodeList,
  args: {
    status: 'ready',
    seasons: SEASONS,
    season: 1,
    episodes: episodes(3),
    onSeasonChange: fn(),
    onPlayEpisode: fn(),
    onRetry: fn(),
  },
  decorators: [inMain],
} satisfies Meta<typeof EpisodeList>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) => within(canvasElement).getByRole('region', { name: 'Episodes' });

/** Each episode: still, number, name, runtime, synopsis (when known), and its own Play. */
export const Loaded: Story = {
  play: async ({ args, canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getByRole('combobox', { name: 'Season' })).toHaveTextContent('Season 1');
    await expect(region.getAllByRole('listitem')).toHaveLength(3);
    await expect(region.getByText('48m')).toBeVisible();
    await expect(region.getByText(/nothing is where they left it/)).toBeVisible();
    await userEvent.click(region.getByRole('button', { name: 'Play Episode 3' }));
    await expect(args.onPlayEpisode).toHaveBeenCalledWith(3);
  },
};

/** Episodes with names of their own are announced with their number too. */
export const NamedEpisodes: Story = {
  args: {
    episodes: episodes(2).map((episode, index) => ({ ...episode, name: ['Secrets', 'Lies'][index]! })),
  },
  play: async ({ canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getByText('Secrets').textContent).toBe('Episode 1: Secrets');
    await expect(region.getByRole('button', { name: 'Play Episode 2' })).toBeVisible();
  },
};

/** The season's episodes on their way: skeleton rows, the picker still usable. */
export const Loading: Story = {
  args: { status: 'loading', season: 2, episodes: [] },
  play: async ({ canvasElement }) => {
    const region = section(canvasElement);
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByRole('combobox', { name: 'Season' })).toHaveTextContent('Season 2');
    await expect(within(region).queryByRole('listitem')).toBeNull();
  },
};

export const FailedWithRetry: Story = {
  args: {
    status: 'error',
    episodes: [],
    errorMessage: 'Could not reach the catalogue. Check your connection and try again.',
  },
  play: async ({ args, canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await userEvent.click(region.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** A season that lists no episodes says so. */
export const EmptySeason: Story = {
  args: { episodes: [] },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveTextContent('No episodes are listed for this season yet.');
  },
};

/** A series with one season names it instead of offering a picker. */
export const OneSeason: Story = {
  args: { seasons: SEASONS.slice(0, 1) },
  play: async ({ canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.queryByRole('combobox')).toBeNull();
    await expect(region.getByText('Season 1')).toBeVisible();
  },
};

/** Picking a season asks for it. */
export const PickSeason: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(section(canvasElement)).getByRole('combobox', { name: 'Season' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: /Season 2/ }));
    await expect(args.onSeasonChange).toHaveBeenCalledWith(2);
  },
};
