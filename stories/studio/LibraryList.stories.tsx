import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { LibraryList } from '../../src/components/studio/LibraryList';
import { OVERVIEW } from './fixtures';

const meta = {
  title: 'Studio/LibraryList',
  component: LibraryList,
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: { status: 'ready', overview: OVERVIEW, onRetry: fn(), onOpen: fn(), onReload: fn() },
} satisfies Meta<typeof LibraryList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every title and file with its state: progress while made, the reason when failed, retry. */
export const Filled: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    await step('progress of the file being made', async () => {
      await expect(canvas.getByRole('progressbar', { name: /Harbour Lights \(2019\)\.mkv: 42%/ })).toBeInTheDocument();
    });
    await step('a failed file says why, and is retried', async () => {
      await expect(canvas.getByText(/moov atom not found/)).toBeInTheDocument();
      await userEvent.click(canvas.getByRole('button', { name: 'Retry broken.mkv' }));
      await expect(args.onRetry).toHaveBeenCalledWith(13);
    });
    await step('a title opens', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Night Train (2021)' }));
      await expect(args.onOpen).toHaveBeenCalledWith(2);
    });
  },
};

export const Empty: Story = {
  args: { overview: { folders: [], titles: [], unplaced: [] } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Nothing in the library yet/)).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { status: 'loading', overview: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Reading the library');
  },
};

export const Failed: Story = {
  args: { status: 'error', overview: null, error: 'The server could not be reached.' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The server could not be reached.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onReload).toHaveBeenCalled();
  },
};
