import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { Landing } from '../src/components/auth/Landing';

const meta = {
  title: 'Signed out/Landing',
  component: Landing,
  args: { backgroundSrc: '/images/landing-backdrop.svg', onGetStarted: fn() },
} satisfies Meta<typeof Landing>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Unlimited films, TV programmes and more.' }),
    ).toBeVisible();
    await expect(canvas.getByText('Watch anywhere. Cancel at any time.')).toBeVisible();
    await expect(
      canvas.getByText('Ready to watch? Enter your email to create or restart your membership.'),
    ).toBeVisible();
  },
};

/** "Get Started" carries the typed e-mail on (Enter in the field does the same). */
export const GetStarted: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('type an e-mail and press Get Started', async () => {
      await userEvent.type(canvas.getByLabelText('Email address'), 'ann@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Get Started' }));
    });
    await expect(args.onGetStarted).toHaveBeenCalledWith('ann@example.com');
    await step('Enter in the field submits too', async () => {
      await userEvent.type(canvas.getByLabelText('Email address'), '{Enter}');
    });
    await expect(args.onGetStarted).toHaveBeenCalledTimes(2);
  },
};

export const Prefilled: Story = { args: { defaultEmail: 'ann@example.com' } };
