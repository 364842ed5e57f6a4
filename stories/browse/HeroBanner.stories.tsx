import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { BrowsePage } from '../../src/components/browse/BrowseLayout';
import { HeroBanner, OVERVIEW_LIMITS, truncateOverview } from '../../src/components/browse/HeroBanner';
import { backdropArt, LONG_OVERVIEW, trailerPage } from '../support/art-fixtures';

const meta = {
  title: 'Browse/HeroBanner',
  component: HeroBanner,
  args: {
    status: 'ready',
    title: 'The Salt Road',
    overview: LONG_OVERVIEW,
    backdrop: backdropArt('The Salt Road', 200),
    onPlay: fn(),
    onMoreInfo: fn(),
    onRetry: fn(),
  },
  decorators: [
    (Story) => (
      <BrowsePage underTopBar>
        <Story />
      </BrowsePage>
    ),
  ],
} satisfies Meta<typeof HeroBanner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Loading the featured title').closest('section')).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** docs/spec.md §2: the overview is cut to 82 characters below 1280px and 158 above, ' ...' appended. */
export const Ready: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const narrow = truncateOverview(LONG_OVERVIEW, OVERVIEW_LIMITS.narrow);
    const wide = truncateOverview(LONG_OVERVIEW, OVERVIEW_LIMITS.wide);
    await step('the helper cuts at 82 and 158 characters', async () => {
      await expect(narrow).toBe(`${LONG_OVERVIEW.slice(0, 82).trimEnd()} ...`);
      await expect(wide).toBe(`${LONG_OVERVIEW.slice(0, 158).trimEnd()} ...`);
    });
    await step('the cut that fits this window is the one shown', async () => {
      const isWide = window.matchMedia('(min-width: 1280px)').matches;
      await expect(canvas.getByText(narrow)).toHaveAttribute('aria-hidden', 'true');
      await expect(canvas.getByText(isWide ? wide : narrow)).toBeVisible();
      await expect(canvas.getByText(isWide ? narrow : wide)).not.toBeVisible();
    });
    await step('screen readers get the full overview once', async () => {
      await expect(canvas.getByText(LONG_OVERVIEW)).toBeInTheDocument();
    });
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Salt Road' })).toBeVisible();
  },
};

export const PlayAndMoreInfo: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Play', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
      await expect(args.onPlay).toHaveBeenCalledTimes(1);
    });
    await step('More Info', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'More Info' }));
      await expect(args.onMoreInfo).toHaveBeenCalledTimes(1);
    });
  },
};

/** A short overview is shown whole, without ' ...'. */
export const ShortOverview: Story = {
  args: { overview: 'Two sisters, one boat, no map.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Two sisters, one boat, no map.')).toHaveLength(3);
  },
};

export const Playing: Story = {
  args: { status: 'playing', trailerSrc: trailerPage('The Salt Road') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Salt Road' })).toBeVisible();
    await expect(canvas.getByTitle('The Salt Road trailer')).toHaveAttribute(
      'allow',
      expect.stringContaining('autoplay'),
    );
  },
};

export const PlayingWithoutTrailer: Story = {
  args: { status: 'playing', trailerSrc: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('No trailer available');
    await expect(canvas.getByText('There is no trailer for The Salt Road yet.')).toBeVisible();
  },
};

export const ErrorWithRetry: Story = {
  args: { status: 'error', errorMessage: 'The featured title could not be loaded.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The featured title could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Art that fails to load (the server went away) leaves the shaded banner and its text, not a broken image. */
export const ArtFailsToLoad: Story = {
  args: { backdrop: { src: 'data:image/png;base64,AAAA', srcSet: 'data:image/png;base64,AAAA 780w', sizes: '100vw' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvasElement.querySelector('img')).toBeNull());
    await expect(canvas.getByRole('heading', { level: 1, name: 'The Salt Road' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Play' })).toBeVisible();
  },
};
