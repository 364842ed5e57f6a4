import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ErrorBoundary } from '../src/components/feedback/ErrorBoundary';

function Fragile({ shouldFail }: { shouldFail: () => boolean }) {
  if (shouldFail()) {
    throw new Error('Failed to fetch dynamically imported module: /assets/HomeScreen.js');
  }
  return <p>Loaded after retrying.</p>;
}

function Demo({ onRetry }: { onRetry: (error: Error) => void }) {
  // Fails its first render only: the counter lives outside React's props, in a closure.
  const [shouldFail] = useState(() => {
    let left = 1;
    return () => left-- > 0;
  });
  return (
    <ErrorBoundary onRetry={onRetry}>
      <Fragile shouldFail={shouldFail} />
    </ErrorBoundary>
  );
}

const meta = {
  title: 'Feedback/ErrorBoundary',
  component: Demo,
  args: { onRetry: fn() },
  parameters: { chromatic: { disableSnapshot: true } },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A screen whose chunk failed to download says the server could not be reached; "Try again" renders again. */
export const FailedChunkThenRetry: Story = {
  // After the retry the boundary shows the story's own stand-in child, a bare paragraph; the
  // error page itself is a main landmark and is checked by ErrorPage's stories.
  parameters: { a11y: { config: { rules: [{ id: 'region', enabled: false }] } } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(canvas.getByText('Could not reach Marquee. Check your connection and try again.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
    await expect(await canvas.findByText('Loaded after retrying.')).toBeVisible();
  },
};
