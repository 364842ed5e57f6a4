import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Logo } from '../src/components/layout/Logo';

const meta = {
  title: 'Layout/Logo',
  component: Logo,
  args: { brand: 'Marquee' },
  parameters: {
    layout: 'centered',
    // The logo alone is a fragment: in the app it sits in the top bar's banner landmark, so the
    // "all content in landmarks" rule has nothing to check here.
    a11y: { config: { rules: [{ id: 'region', enabled: false }] } },
  },
} satisfies Meta<typeof Logo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Marquee home' });
    await expect(link).toHaveAttribute('href', '/');
  },
};

export const OtherBrand: Story = { args: { brand: 'Cinemaze' } };
