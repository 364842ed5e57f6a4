import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';

import type { ChartGraph, ChartState } from '../../src/components/dev/chart-graph';
import { MachineChart } from '../../src/components/dev/MachineChart';

const leaf = (id: string, extra: Partial<ChartState> = {}): ChartState => ({
  id,
  key: id.split('.').pop()!,
  kind: 'atomic',
  invokes: [],
  internal: [],
  children: [],
  ...extra,
});

// A player-like machine, as plain data: nesting, parallel regions, final states, an invoked
// actor, guards, a delay and an eventless transition.
const player: ChartGraph = {
  id: 'player',
  root: leaf('player', {
    kind: 'compound',
    initial: 'player.loading',
    children: [
      leaf('player.loading', { invokes: ['loadManifest'] }),
      leaf('player.failed', { kind: 'final' }),
      leaf('player.watching', {
        kind: 'parallel',
        internal: ['progress.tick'],
        children: [
          leaf('player.watching.playback', {
            kind: 'compound',
            initial: 'player.watching.playback.paused',
            children: [leaf('player.watching.playback.paused'), leaf('player.watching.playback.playing')],
          }),
          leaf('player.watching.controls', {
            kind: 'compound',
            initial: 'player.watching.controls.shown',
            children: [leaf('player.watching.controls.shown'), leaf('player.watching.controls.hidden')],
          }),
        ],
      }),
      leaf('player.ended', { kind: 'final' }),
    ],
  }),
  transitions: [
    { source: 'player.loading', target: 'player.watching', kind: 'done', label: 'done: loadManifest' },
    { source: 'player.loading', target: 'player.failed', kind: 'error', label: 'error: loadManifest' },
    {
      source: 'player.watching.playback.paused',
      target: 'player.watching.playback.playing',
      kind: 'event',
      label: 'play [canPlay]',
    },
    {
      source: 'player.watching.playback.playing',
      target: 'player.watching.playback.paused',
      kind: 'event',
      label: 'pause',
    },
    {
      source: 'player.watching.controls.shown',
      target: 'player.watching.controls.hidden',
      kind: 'after',
      label: 'after 3000 ms',
    },
    {
      source: 'player.watching.controls.hidden',
      target: 'player.watching.controls.shown',
      kind: 'always',
      label: 'always [!playing]',
    },
    { source: 'player.watching', target: 'player.ended', kind: 'event', label: 'video.ended' },
  ],
};

const meta = {
  title: 'Dev/MachineChart',
  component: MachineChart,
  args: { graph: player },
  decorators: [
    (Story) => (
      <main style={{ padding: 16 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof MachineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: /Statechart of player/ })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('[data-active]')).toHaveLength(0);
    for (const label of ['play [canPlay]', 'after 3000 ms', 'always [!playing]', 'done: loadManifest']) {
      await expect(canvas.getAllByText(label, { exact: false }).length).toBeGreaterThan(0);
    }
    // The same chart as a list, for screen readers and keyboard users.
    await userEvent.click(canvas.getByText('States and transitions of player'));
    await expect(canvas.getByText(/^watching, parallel/)).toBeVisible();
    await expect(canvas.getByText('video.ended → player.ended')).toBeVisible();
  },
};

export const Active: Story = {
  args: {
    active: [
      'player',
      'player.watching',
      'player.watching.playback',
      'player.watching.playback.playing',
      'player.watching.controls',
      'player.watching.controls.hidden',
    ],
  },
  play: async ({ canvasElement }) => {
    const active = [...canvasElement.querySelectorAll('[data-active]')].map((g) => g.getAttribute('data-state'));
    await expect(active).toContain('player.watching.playback.playing');
    await expect(active).toContain('player.watching.controls.hidden');
    await expect(active).not.toContain('player.loading');
    await expect(within(canvasElement).getByRole('img')).toHaveAccessibleDescription(/Active: .*playing/);
  },
};
