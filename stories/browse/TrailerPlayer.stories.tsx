import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { TrailerPlayer } from '../../src/components/browse/TrailerPlayer';
import { trailerPage } from '../support/art-fixtures';

const meta = {
  title: 'Browse/TrailerPlayer',
  component: TrailerPlayer,
  args: { title: 'Glass Harbour', src: trailerPage('Glass Harbour'), height: 'modal' },
} satisfies Meta<typeof TrailerPlayer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithTrailer: Story = {
  play: async ({ canvasElement }) => {
    const frame = within(canvasElement).getByTitle('Glass Harbour trailer');
    await expect(frame.tagName).toBe('IFRAME');
    await expect(frame).toHaveAttribute('allow', 'autoplay; encrypted-media; picture-in-picture; fullscreen');
    // docs/spec.md §9: the modal player is 200px tall below 744px, 360px below 1280px, 400px
    // otherwise; a box too narrow for that keeps 16:9 instead.
    const cap = matchMedia('(min-width: 1280px)').matches ? 400 : matchMedia('(min-width: 744px)').matches ? 360 : 200;
    const box = frame.getBoundingClientRect();
    await expect(box.height).toBeCloseTo(Math.min(cap, (box.width * 9) / 16), 0);
  },
};

/** docs/decisions.md: a title without a trailer gets a clear notice of the same size, not a broken player. */
export const NoTrailer: Story = {
  args: { src: null },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('No trailer available');
    await expect(canvas.getByText('There is no trailer for Glass Harbour yet.')).toBeVisible();
    await expect(canvas.queryByTitle('Glass Harbour trailer')).toBeNull();
  },
};
