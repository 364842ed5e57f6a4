import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { OVERVIEW_LIMITS, truncateOverview } from '../../shared/catalogue/overview-cut';
import { BrowsePage } from '../../src/components/browse/BrowseLayout';
import { TRAILER_PICTURE_RATIO } from '../../src/components/browse/hero-box';
import { HeroBanner, type HeroBannerProps, type HeroPreview } from '../../src/components/browse/HeroBanner';
import { backdropArt, LONG_OVERVIEW, previewPage } from '../support/art-fixtures';

const meta = {
  title: 'Browse/HeroBanner',
  component: HeroBanner,
  args: {
    status: 'ready',
    title: 'The Salt Road',
    overview: LONG_OVERVIEW,
    backdrop: backdropArt('The Salt Road', 200),
    onPlay: fn(),
    onPreview: fn(),
    onStopPreview: fn(),
    onToggleMute: fn(),
    onPreviewEnded: fn(),
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

/** docs/spec.md §2: the overview is cut at a word boundary within 82 characters below 1280px and 158 above. */
export const Ready: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const narrow = truncateOverview(LONG_OVERVIEW, OVERVIEW_LIMITS.narrow);
    const wide = truncateOverview(LONG_OVERVIEW, OVERVIEW_LIMITS.wide);
    await step('the cuts end on whole words, within 82 and 158 characters', async () => {
      await expect(narrow).toBe('A retired lighthouse keeper and her estranged grandson sail the length of the…');
      await expect(wide.length - '…'.length).toBeLessThanOrEqual(158);
      await expect(wide.endsWith('and find that every harbour along…')).toBe(true);
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

export const PlayPreviewAndMoreInfo: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Play (the player page)', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Play' }));
      await expect(args.onPlay).toHaveBeenCalledTimes(1);
    });
    await step('Preview, by keyboard', async () => {
      canvas.getByRole('button', { name: 'Preview' }).focus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onPreview).toHaveBeenCalledTimes(1);
    });
    await step('More Info', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'More Info' }));
      await expect(args.onMoreInfo).toHaveBeenCalledTimes(1);
    });
    await expect(args.onPreviewEnded).not.toHaveBeenCalled();
  },
};

/** A short overview is shown whole, without '…'. */
export const ShortOverview: Story = {
  args: { overview: 'Two sisters, one boat, no map.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Two sisters, one boat, no map.')).toHaveLength(3);
  },
};

/**
 * The trailer plays in the art's own box (HeroPreviewVideo, loaded with the first Preview): the
 * banner keeps its size, text and actions.
 */
export const PreviewPlaying: Story = {
  args: { preview: 'playing', previewSrc: previewPage('The Salt Road'), muted: true },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole('region', { name: 'The Salt Road' });
    await step('the preview sits inside the banner, under its title and actions', async () => {
      const frame = await canvas.findByTitle('The Salt Road trailer preview');
      // Plain values: the frame element itself is not handed to expect, which would serialise its window.
      await expect(frame.getAttribute('allow')).toContain('autoplay');
      await expect(banner.contains(frame)).toBe(true);
      await expect(canvas.getByRole('heading', { level: 1, name: 'The Salt Road' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'Play' })).toBeVisible();
      await expect(canvas.getByRole('button', { name: 'More Info' })).toBeVisible();
    });
    await step("the trailer's letterboxed picture covers the art: no black band under the top bar", async () => {
      const frame = (await canvas.findByTitle('The Salt Road trailer preview')).getBoundingClientRect();
      const box = banner.getBoundingClientRect();
      // Phones: the art is the 16:9 picture across the top; wider, the whole banner.
      const art = window.matchMedia('(min-width: 744px)').matches
        ? { top: box.top, bottom: box.bottom }
        : { top: box.top, bottom: box.top + (box.width * 9) / 16 };
      const pictureHeight = frame.width / TRAILER_PICTURE_RATIO;
      const centre = frame.top + frame.height / 2;
      await expect(centre - pictureHeight / 2).toBeLessThanOrEqual(art.top + 1);
      await expect(centre + pictureHeight / 2).toBeGreaterThanOrEqual(art.bottom - 1);
      await expect(frame.left).toBeLessThanOrEqual(box.left + 1);
      await expect(frame.right).toBeGreaterThanOrEqual(box.right - 1);
    });
    await step('the sound toggle is labelled and reached by keyboard', async () => {
      canvas.getByRole('button', { name: 'More Info' }).focus();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Unmute preview' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(args.onToggleMute).toHaveBeenCalledTimes(1);
    });
    await step('Stop Preview stands where Preview was', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Stop Preview' }));
      await expect(args.onStopPreview).toHaveBeenCalledTimes(1);
      await expect(canvas.queryByRole('button', { name: 'Preview' })).toBeNull();
    });
  },
};

export const PreviewWithSound: Story = {
  args: { preview: 'playing', previewSrc: previewPage('The Salt Road'), muted: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Mute preview' })).toBeVisible();
  },
};

/** The page reports the clip's end: the banner hears it (the screen then brings the art back). */
export const PreviewEnds: Story = {
  args: { preview: 'playing', previewSrc: previewPage('The Salt Road', 300) },
  play: async ({ args }) => {
    await waitFor(() => expect(args.onPreviewEnded).toHaveBeenCalledTimes(1), { timeout: 5000 });
  },
};

export const PreviewUnavailable: Story = {
  args: { preview: 'unavailable' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('There is no preview for The Salt Road yet.');
    await expect(canvas.queryByRole('button', { name: /mute preview/i })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Stop Preview' })).toBeVisible();
  },
};

export const PreviewFails: Story = {
  args: { preview: 'error', errorMessage: 'The catalogue answered 500.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The catalogue answered 500.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** The banner with its state held here, as the screen's machine holds it. */
function PreviewRoundTrip(props: HeroBannerProps) {
  const [preview, setPreview] = useState<HeroPreview>();
  const [muted, setMuted] = useState(true);
  const [src] = useState(() => previewPage('The Salt Road', 1500));
  return (
    <HeroBanner
      {...props}
      preview={preview}
      previewSrc={src}
      muted={muted}
      onPreview={() => setPreview('playing')}
      onStopPreview={() => setPreview(undefined)}
      onToggleMute={() => setMuted((value) => !value)}
      onPreviewEnded={() => setPreview(undefined)}
    />
  );
}

/** Focus stays on Preview's button through Stop, and returns to it when the clip ends under the sound toggle. */
export const FocusThroughAPreview: Story = {
  render: (args) => <PreviewRoundTrip {...args} />,
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Preview, then Stop Preview, by keyboard: focus never leaves the button', async () => {
      canvas.getByRole('button', { name: 'Preview' }).focus();
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByRole('button', { name: 'Stop Preview' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByRole('button', { name: 'Preview' })).toHaveFocus();
    });
    await step('the clip ends while the sound toggle has focus: focus returns to Preview', async () => {
      await userEvent.keyboard('{Enter}');
      await userEvent.tab();
      await userEvent.tab();
      await expect(canvas.getByRole('button', { name: 'Unmute preview' })).toHaveFocus();
      await userEvent.keyboard('{Enter}');
      await expect(canvas.getByRole('button', { name: 'Mute preview' })).toHaveFocus();
      await waitFor(() => expect(canvas.getByRole('button', { name: 'Preview' })).toHaveFocus(), { timeout: 5000 });
      await expect(canvas.queryByTitle('The Salt Road trailer preview')).toBeNull();
    });
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
