import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { MaturityBadge } from '../../src/components/browse/MaturityBadge';
import { inMain } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/MaturityBadge',
  component: MaturityBadge,
  args: { rating: 'PG-13' },
  decorators: [inMain],
} satisfies Meta<typeof MaturityBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Seen as a bordered "PG-13", heard as "Maturity rating: PG-13". */
export const Labelled: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('PG-13').textContent).toBe('Maturity rating: PG-13');
  },
};

/** Beside a "Maturity rating" label, the badge says only the rating. */
export const Unlabelled: Story = {
  args: { rating: 'TV-MA', labelled: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('TV-MA').textContent).toBe('TV-MA');
  },
};
