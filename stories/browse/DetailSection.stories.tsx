import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { DetailSection } from '../../src/components/browse/DetailSection';
import { inMain } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/DetailSection',
  component: DetailSection,
  args: { heading: 'More Like This', status: 'ready', onRetry: fn(), children: <p>The section’s content.</p> },
  decorators: [inMain],
} satisfies Meta<typeof DetailSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'More Like This' });
    await expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent('More Like This');
    await expect(region).toHaveTextContent('The section’s content.');
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'More Like This' });
    await expect(region).toHaveAttribute('aria-busy', 'true');
    await expect(within(region).getByText('Loading More Like This')).toBeInTheDocument();
    await expect(region).not.toHaveTextContent('The section’s content.');
  },
};

export const FailedWithRetry: Story = {
  args: { status: 'error', errorMessage: 'Could not reach the catalogue. Check your connection and try again.' },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'More Like This' });
    await expect(within(region).getByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Without a message of its own, the section says it could not load. */
export const FailedWithoutMessage: Story = {
  args: { status: 'error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('More Like This could not be loaded.');
  },
};
