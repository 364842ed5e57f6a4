import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { FolderList } from '../../src/components/studio/FolderList';
import { OVERVIEW } from './fixtures';

const meta = {
  title: 'Studio/FolderList',
  component: FolderList,
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: { folders: OVERVIEW.folders, onRescan: fn() },
} satisfies Meta<typeof FolderList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Folders: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Scan the folders again' }));
    await expect(args.onRescan).toHaveBeenCalled();
  },
};
