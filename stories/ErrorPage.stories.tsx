import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ErrorPage } from '../src/components/feedback/ErrorPage';

const meta = {
  title: 'Feedback/ErrorPage',
  component: ErrorPage,
  args: { message: "Cannot read properties of undefined (reading 'title')" },
} satisfies Meta<typeof ErrorPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UnexpectedError: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

export const WithRetry: Story = {
  args: { onRetry: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

export const NotFound: Story = { args: { title: 'Page not found', message: 'There is nothing at /nowhere.' } };
