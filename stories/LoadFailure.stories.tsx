import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { LoadFailure } from '../src/components/feedback/LoadFailure';

const meta = {
  title: 'Feedback/LoadFailure',
  component: LoadFailure,
  decorators: [
    (Story) => (
      <main style={{ width: 480, padding: 24 }}>
        <Story />
      </main>
    ),
  ],
  args: { message: 'My List could not be loaded.', onRetry: fn() },
} satisfies Meta<typeof LoadFailure>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Why, in the alert region, and a way to try again. */
export const Retryable: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('My List could not be loaded.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Without a retry there is nothing to press. */
export const NotRetryable: Story = {
  args: { onRetry: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('My List could not be loaded.');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
