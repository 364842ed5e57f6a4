import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button, ButtonLink } from '../src/components/Button';
import { TopBar } from '../src/components/layout/TopBar';

const meta = {
  title: 'Layout/TopBar',
  component: TopBar,
  args: { brand: 'Marquee', onHomeClick: fn() },
  decorators: [
    (Story) => (
      <div style={{ minHeight: 160, background: 'linear-gradient(135deg, #3a1c71, #d76d77, #ffaf7b)' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Signed out: the logo and a "Sign In" link (a ButtonLink), transparent over the page. */
export const SignedOut: Story = {
  args: {
    children: (
      <ButtonLink size="sm" href="/sign-in">
        Sign In
      </ButtonLink>
    ),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('link', { name: 'Marquee home' }));
    await expect(args.onHomeClick).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/sign-in');
  },
};

/** Solid after scrolling, and on every page other than "/". */
export const Solid: Story = {
  args: { solid: true, children: <Button size="sm">Sign In</Button> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('banner')).toHaveAttribute('data-solid', 'true');
  },
};
