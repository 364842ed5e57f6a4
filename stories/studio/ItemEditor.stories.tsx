import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { ItemEditor } from '../../src/components/studio/ItemEditor';
import { ITEM } from './fixtures';

const meta = {
  title: 'Studio/ItemEditor',
  component: ItemEditor,
  decorators: [
    (Story) => (
      <main>
        <Story />
      </main>
    ),
  ],
  args: {
    item: ITEM,
    status: 'idle',
    choices: [],
    onSaveFacts: fn(),
    onPublish: fn(),
    onSearch: fn(),
    onMatch: fn(),
    onSaveMarkers: fn(),
  },
} satisfies Meta<typeof ItemEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An unpublished film: its facts edited and saved, published, its tracks and markers. */
export const Editing: Story = {
  play: async ({ canvasElement, args, step }) => {
    const canvas = within(canvasElement);
    await step('facts', async () => {
      const certification = canvas.getByRole('textbox', { name: 'Certification' });
      await userEvent.clear(certification);
      await userEvent.type(certification, '15');
      await userEvent.click(canvas.getByRole('button', { name: 'Save facts' }));
      await expect(args.onSaveFacts).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Night Train', year: 2021, certification: '15', genres: ['Drama'] }),
      );
    });
    await step('publish', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Publish' }));
      await expect(args.onPublish).toHaveBeenCalledWith(true);
    });
    await step('tracks and markers', async () => {
      await expect(canvas.getByRole('table', { name: /Tracks of/ })).toHaveTextContent('English, German');
      await userEvent.type(canvas.getByRole('spinbutton', { name: 'Intro start (s)' }), '30');
      await userEvent.type(canvas.getByRole('spinbutton', { name: 'Intro end (s)' }), '90');
      await userEvent.click(canvas.getByRole('button', { name: 'Save markers' }));
      await expect(args.onSaveMarkers).toHaveBeenCalledWith(12, [
        { kind: 'intro', start: 30, end: 90 },
        { kind: 'credits', start: 5200, end: 5400 },
      ]);
    });
  },
};

/** A search of the catalogue, and a title picked as the match. */
export const Matching: Story = {
  args: { choices: [{ id: 603, name: 'The Night Train', year: 2021 }] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Search' }));
    await expect(args.onSearch).toHaveBeenCalledWith('Night Train');
    await userEvent.click(canvas.getByRole('button', { name: 'Match to The Night Train (2021)' }));
    await expect(args.onMatch).toHaveBeenCalledWith(603);
  },
};

export const Refused: Story = {
  args: { status: 'error', error: 'A title cannot be blank.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('A title cannot be blank.');
  },
};
