import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Button, ButtonLink } from '../src/components/Button';

const meta = {
  title: 'Components/Button',
  component: Button,
  args: { children: 'Get Started', onClick: fn() },
  parameters: { layout: 'centered' },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Get Started' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(button).toHaveAttribute('type', 'button');
  },
};

export const Secondary: Story = { args: { tone: 'secondary', children: 'More Info' } };

export const Light: Story = { args: { tone: 'light', children: 'Play' } };

export const Link: Story = { args: { tone: 'link', children: 'Sign Up Now.' } };

export const Small: Story = { args: { size: 'sm', children: 'Sign In' } };

export const Disabled: Story = {
  args: { disabled: true, children: 'Signing In…' },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Signing In…' });
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

/** ButtonLink: a real link in a Button's looks ("Sign In" in the signed-out top bar). */
export const AsLink: Story = {
  render: () => (
    <main>
      <ButtonLink size="sm" href="#sign-in">
        Sign In
      </ButtonLink>
    </main>
  ),
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'Sign In' });
    await expect(link).toHaveAttribute('href', '#sign-in');
    link.focus();
    await expect(link).toHaveFocus();
  },
};
