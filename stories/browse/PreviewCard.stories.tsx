import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { PreviewCard } from '../../src/components/browse/PreviewCard';
import { MyListButton } from '../../src/components/watching/MyListButton';
import { backdropArt, previewPage } from '../support/art-fixtures';

/**
 * The preview card a row opens over a card (TitleRow places it; see its PreviewOnHover and
 * PreviewFromKeyboard stories for hover and the "p" key).
 */
const meta = {
  title: 'Browse/PreviewCard',
  component: PreviewCard,
  args: {
    title: 'Glass Harbour',
    image: backdropArt('Glass Harbour', 200),
    status: 'ready',
    maturity: 'PG-13',
    length: '1h 58m',
    genres: ['Drama', 'Mystery', 'Thriller'],
    onPlay: fn(),
    onMoreInfo: fn(),
    onRetry: fn(),
    myList: <MyListButton inList={false} titleName="Glass Harbour" onToggle={() => {}} />,
  },
  decorators: [
    (Story) => (
      <main style={{ width: 453, padding: 24 }}>
        <Story />
      </main>
    ),
  ],
} satisfies Meta<typeof PreviewCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The details are in: maturity, length and genres under Play, My List and More Info. */
export const Ready: Story = {
  play: async ({ args, canvasElement, step }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Glass Harbour' });
    await step('the facts', async () => {
      await expect(card).toHaveTextContent('Maturity rating: PG-13');
      await expect(card).toHaveTextContent('1h 58m');
      await expect(
        within(card)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Drama', 'Mystery', 'Thriller']);
    });
    await step('Play and More Info', async () => {
      await userEvent.click(within(card).getByRole('button', { name: 'Play Glass Harbour' }));
      await expect(args.onPlay).toHaveBeenCalledTimes(1);
      await userEvent.click(within(card).getByRole('button', { name: 'More Info about Glass Harbour' }));
      await expect(args.onMoreInfo).toHaveBeenCalledTimes(1);
      await expect(within(card).getByRole('button', { name: 'Add Glass Harbour to My List' })).toBeVisible();
    });
    await step('a click on the picture opens the details too', async () => {
      await userEvent.click(card.querySelector('img')!);
      await expect(args.onMoreInfo).toHaveBeenCalledTimes(2);
      await expect(args.onPlay).toHaveBeenCalledTimes(1);
    });
  },
};

/** A series: its seasons instead of a running time. */
export const Series: Story = {
  args: { title: 'Northern Quiet', maturity: 'TV-MA', length: '3 Seasons', genres: ['Crime'] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'Northern Quiet' })).toHaveTextContent('3 Seasons');
  },
};

/** The details are on their way: the buttons already work, the facts wait. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ args, canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Glass Harbour' });
    await expect(within(card).getByText('Loading the details')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Play Glass Harbour' }));
    await expect(args.onPlay).toHaveBeenCalledTimes(1);
  },
};

/** The details could not be read: said in an alert, with Try again. */
export const Failed: Story = {
  args: { status: 'error', errorMessage: 'The catalogue could not be reached.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The catalogue could not be reached.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** No backdrop: a tile with the name stands in. */
export const WithoutArt: Story = {
  args: { image: null },
  play: async ({ canvasElement }) => {
    const card = within(canvasElement).getByRole('group', { name: 'Glass Harbour' });
    await expect(within(card).queryByRole('img')).toBeNull();
    await expect(within(card).getByRole('button', { name: 'Play Glass Harbour' })).toBeVisible();
  },
};

/**
 * The profile autoplays previews: the trailer plays muted over the art, which a click still
 * opens (the frame lets it through); at the clip's end the art is back.
 */
export const WithTrailer: Story = {
  args: { trailerSrc: previewPage('Glass Harbour', 600) },
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    const card = canvas.getByRole('group', { name: 'Glass Harbour' });
    await step('the trailer plays over the art, exactly', async () => {
      const frame = await canvas.findByTitle('Glass Harbour trailer preview');
      await expect(frame.getAttribute('allow')).toContain('autoplay');
      const box = frame.getBoundingClientRect();
      const art = card.querySelector('img')!.getBoundingClientRect();
      await expect([box.left, box.top, box.width, box.height].map(Math.round)).toEqual(
        [art.left, art.top, art.width, art.height].map(Math.round),
      );
    });
    await step('a click on the picture opens the details', async () => {
      await userEvent.click(card.querySelector('img')!.parentElement!);
      await expect(args.onMoreInfo).toHaveBeenCalledTimes(1);
    });
    await step('at its end the art is back', async () => {
      await waitFor(() => expect(canvas.queryByTitle('Glass Harbour trailer preview')).toBeNull(), { timeout: 5000 });
    });
  },
};
