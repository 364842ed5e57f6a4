import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';

import { Backdrop } from '../src/components/layout/Backdrop';

const meta = {
  title: 'Layout/Backdrop',
  component: Backdrop,
  args: {
    backgroundSrc: '/images/landing-backdrop.svg',
    children: <p style={{ fontSize: 24, margin: '0 auto' }}>Forms sit here, over darkened artwork.</p>,
  },
} satisfies Meta<typeof Backdrop>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('main')).toBeVisible();
  },
};
