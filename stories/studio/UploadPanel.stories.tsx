import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { UploadPanel } from '../../src/components/studio/UploadPanel';

const meta = {
  title: 'Studio/UploadPanel',
  component: UploadPanel,
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: {
    uploads: [
      {
        id: 'upload-1',
        name: 'Night Train (2021).mkv',
        size: 8 * 2 ** 20,
        sent: 2 * 2 ** 20,
        state: 'uploading',
        error: null,
      },
      {
        id: 'upload-2',
        name: 'Harbour Lights (2019).mp4',
        size: 4 * 2 ** 20,
        sent: 2 ** 20,
        state: 'paused',
        error: null,
      },
      {
        id: 'upload-3',
        name: 'notes.txt',
        size: 10,
        sent: 0,
        state: 'failed',
        error: 'Only video files can be uploaded.',
      },
    ],
    onAdd: fn(),
    onPause: fn(),
    onResume: fn(),
  },
} satisfies Meta<typeof UploadPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Uploads with their progress: one paused, one resumed, one refused with its reason. */
export const Uploading: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Night Train (2021).mkv: 25%' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Pause Night Train (2021).mkv' }));
    await expect(args.onPause).toHaveBeenCalledWith('upload-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Resume Harbour Lights (2019).mp4' }));
    await expect(args.onResume).toHaveBeenCalledWith('upload-2');
    await expect(canvas.getByRole('alert')).toHaveTextContent('Only video files');
  },
};

/** Files chosen are handed over. */
export const Choosing: Story = {
  args: { uploads: [] },
  play: async ({ canvasElement, args }) => {
    const input = within(canvasElement).getByLabelText('Choose video files to upload');
    await userEvent.upload(input, new File(['abc'], 'Film (2020).mkv', { type: 'video/x-matroska' }));
    await expect(args.onAdd).toHaveBeenCalled();
  },
};
