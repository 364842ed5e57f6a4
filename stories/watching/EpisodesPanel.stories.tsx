import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { EpisodesPanel } from '../../src/components/watching/EpisodesPanel';
import { ControlButton, PrimaryButton } from '../../src/components/watching/player-buttons';

// A still drawn here, so the story needs no server.
const still = (label: string) => ({
  src: `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#2b3b4c"/><text x="80" y="52" font-size="20" fill="#fff" text-anchor="middle">${label}</text></svg>`,
  )}`,
});

const meta = {
  title: 'Watching/EpisodesPanel',
  component: EpisodesPanel,
  parameters: { backgrounds: { disable: true } },
  args: {
    open: true,
    status: 'ready',
    seasons: [
      { number: 1, name: 'Season 1' },
      { number: 2, name: 'Season 2' },
    ],
    season: 1,
    episodes: [
      { number: 1, name: 'Arrival', runtime: '2m', still: still('E1'), progress: 1 },
      { number: 2, name: 'The Harbour', runtime: '2m', still: still('E2'), progress: 0.4, current: true },
      { number: 3, name: 'Low Tide', runtime: '2m', still: still('E3') },
    ],
    onSeasonChange: fn(),
    onChoose: fn(),
    onRetry: fn(),
    onClose: fn(),
    buttons: { ControlButton, PrimaryButton },
  },
} satisfies Meta<typeof EpisodesPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

// The panel is a modal <dialog>: query from the body.
const screen = () => within(document.body);

/** A season's episodes, the one playing marked, watched ones with their progress; one chosen. */
export const Ready: Story = {
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Episodes' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus());
    await expect(within(dialog).getByRole('button', { name: /The Harbour/ })).toHaveAttribute('aria-current', 'true');
    await expect(within(dialog).getAllByRole('progressbar')).toHaveLength(2);
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Season' }), '2');
    await expect(args.onSeasonChange).toHaveBeenCalledWith(2);
    await userEvent.click(within(dialog).getByRole('button', { name: /Low Tide/ }));
    await expect(args.onChoose).toHaveBeenCalledWith(3);
  },
};

export const Loading: Story = { args: { status: 'loading', episodes: [] } };

export const Failed: Story = {
  args: { status: 'error', error: 'The catalogue could not be reached.', episodes: [] },
  play: async ({ args }) => {
    const dialog = await screen().findByRole('dialog', { name: 'Episodes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** A series of one season: its name, no picker. */
export const OneSeason: Story = { args: { seasons: [{ number: 1, name: 'Season 1' }] } };
