import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Logo } from '../src/components/layout/Logo';

const meta = {
  title: 'Layout/Logo',
  component: Logo,
  args: { brand: 'Marquee' },
  parameters: { layout: 'centered' },
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
