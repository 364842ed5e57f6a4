import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { KidsTopBar } from '../src/components/layout/KidsTopBar';

const meta = {
  title: 'Layout/KidsTopBar',
  component: KidsTopBar,
  args: { brand: 'Marquee', onHomeClick: fn(), onExitKids: fn() },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 160, background: 'linear-gradient(135deg, #1c7145, #6dd7c4, #ffe07b)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof KidsTopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A kids profile's bar: the logo with its Kids mark, and Exit Kids. */
export const Kids: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Marquee Kids home' }));
    await expect(args.onHomeClick).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: 'Exit Kids' }));
    await expect(args.onExitKids).toHaveBeenCalledTimes(1);
  },
};

/** Solid after scrolling. */
export const Solid: Story = {
  args: { solid: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('banner')).toHaveAttribute('data-solid', 'true');
  },
};
