import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { TitleCard } from '../../src/components/browse/TitleCard';
import { backdropArt, posterArt } from '../support/art-fixtures';

const meta = {
  title: 'Browse/TitleCard',
  component: TitleCard,
  args: { title: 'The Salt Road', variant: 'poster', image: posterArt('The Salt Road', 200), onOpen: fn() },
  decorators: [
    (Story, { args }) => (
      <div style={{ width: args.variant === 'poster' ? 220 : 356, padding: 24 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof TitleCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The large cards of the originals row: artwork only, named by its title. */
export const Poster: Story = {
  play: async ({ args, canvasElement, step }) => {
    const card = within(canvasElement).getByRole('button', { name: 'The Salt Road' });
    await expect(within(card).getByRole('img', { name: 'The Salt Road' })).toHaveAttribute('loading', 'lazy');
    await step('a click opens the title', async () => {
      await userEvent.click(card);
      await expect(args.onOpen).toHaveBeenCalledTimes(1);
    });
    await step('Enter opens it too', async () => {
      await userEvent.keyboard('{Enter}');
      await expect(args.onOpen).toHaveBeenCalledTimes(2);
    });
  },
};

/** Backdrop cards show the art alone: it carries the title, so the card prints it no second time; the name stays the title. */
export const Backdrop: Story = {
  args: { variant: 'backdrop', title: 'Glass Harbour', image: backdropArt('Glass Harbour', 30) },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: 'Glass Harbour' });
    await expect(within(card).getByRole('img', { name: 'Glass Harbour' })).toBeVisible();
    await expect(within(card).queryByText('Glass Harbour')).toBeNull();
  },
};

/** A search match without artwork still shows, as a tile with its name. */
export const WithoutArtwork: Story = {
  args: { variant: 'backdrop', title: 'Kestrel', image: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Kestrel' })).toBeVisible();
  },
};

/** Artwork that fails to load (the server went away) gives way to the same tile, not a broken image. */
export const ArtFailsToLoad: Story = {
  args: {
    variant: 'poster',
    title: 'Lost Signal',
    // Not a decodable image: the browser fires the image's error event, as for an unreachable server.
    image: { src: 'data:image/png;base64,AAAA', srcSet: 'data:image/png;base64,AAAA 342w', sizes: '220px' },
  },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('button', { name: 'Lost Signal' });
    await waitFor(() => expect(within(card).queryByRole('img')).toBeNull());
    await expect(within(card).getByText('Lost Signal')).toBeVisible();
  },
};
