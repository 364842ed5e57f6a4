import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import { CardCaption, GenreGrid, SectionPage } from '../../src/components/browse/SectionPage';
import { TitleRow } from '../../src/components/browse/TitleRow';
import { linkMenu } from '../../src/components/layout/link-menu';
import { SectionNavMenu } from '../../src/components/layout/SectionNavMenu';
import { rowItems } from '../support/art-fixtures';
import { playLoadedMenu } from '../support/lazy-menu-play';

const GENRES = [
  { id: 18, name: 'Drama' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
];

const hrefOf = (id: number | null) => (id === null ? '/tv' : `/tv?genre=${id}`);
/** The Genres menu's items, which Radix renders in place beside its button. */
const genreMenu = () => within(document.body).findByRole('menu');

/** Two rows, the second with a CardCaption under each card (Coming Soon's dates). */
const rows = (
  <RowStack>
    <TitleRow heading="Drama" variant="backdrop" status="ready" items={rowItems('backdrop', 6)} onOpen={fn()} />
    <TitleRow
      heading="Coming Soon"
      variant="backdrop"
      status="ready"
      items={rowItems('backdrop', 6)}
      onOpen={fn()}
      renderExtras={() => <CardCaption>Coming March 15</CardCaption>}
    />
  </RowStack>
);

const meta = {
  title: 'Browse/SectionPage',
  component: SectionPage,
  // The Genres menu's Radix half is a chunk of its own (the Browse menu's, link-menu.ts): loaded
  // before the story renders, as it is once the page has settled.
  loaders: [async () => ({ menu: await linkMenu.preload() })],
  args: {
    heading: 'TV Shows',
    genreFilter: { genres: GENRES, value: null, onValueChange: fn(), hrefOf },
    children: rows,
  },
} satisfies Meta<typeof SectionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** TV Shows with every genre's rows; the Genres filter picks one genre. */
export const Rows: Story = {
  play: async (context) => {
    const { args, canvasElement, step } = context;
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'TV Shows' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Drama' })).toBeVisible();
    await expect(canvas.getAllByText('Coming March 15').length).toBeGreaterThan(0);
    const filter = canvas.getByRole('button', { name: 'Genres: All genres' });
    await step('The menu opens and closes by keyboard and pointer, focus back on its button', async () => {
      await playLoadedMenu(context, SectionNavMenu, 'Genres: All genres');
    });
    await step('It lists every genre as a link, All genres the one on screen', async () => {
      await userEvent.click(filter);
      const menu = await genreMenu();
      const items = within(menu).getAllByRole('menuitem');
      await expect(items.map((item) => item.textContent)).toEqual(['All genres', 'Drama', 'Comedy', 'Crime']);
      await expect(items.map((item) => item.getAttribute('href'))).toEqual([
        '/tv',
        '/tv?genre=18',
        '/tv?genre=35',
        '/tv?genre=80',
      ]);
      await expect(within(menu).getByRole('menuitem', { name: 'All genres' })).toHaveAttribute('aria-current', 'page');
      await userEvent.keyboard('{Escape}');
    });
    await step('Arrow keys move through the genres without choosing one; Enter chooses Comedy', async () => {
      filter.focus();
      await userEvent.keyboard('{Enter}');
      const menu = await genreMenu();
      await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'All genres' })).toHaveFocus());
      await userEvent.keyboard('{ArrowDown}{ArrowDown}');
      await expect(within(menu).getByRole('menuitem', { name: 'Comedy' })).toHaveFocus();
      await expect(args.genreFilter?.onValueChange).not.toHaveBeenCalled();
      await userEvent.keyboard('{Enter}');
      await expect(args.genreFilter?.onValueChange).toHaveBeenCalledTimes(1);
      await expect(args.genreFilter?.onValueChange).toHaveBeenLastCalledWith(35);
      await waitFor(() => expect(filter).toHaveAttribute('aria-expanded', 'false'));
    });
  },
};

/** One genre chosen: the filter shows it, and the page shows that genre's grid. */
export const OneGenre: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 35, onValueChange: fn(), hrefOf },
    children: <GenreGrid heading="Comedy" status="ready" items={rowItems('backdrop', 8)} onOpen={fn()} />,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const filter = canvas.getByRole('button', { name: 'Genres: Comedy' });
    await expect(filter).toHaveTextContent('Comedy');
    await expect(canvas.getByRole('region', { name: 'Comedy' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(8);
    await userEvent.click(filter);
    const menu = await genreMenu();
    await expect(within(menu).getByRole('menuitem', { name: 'Comedy' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'All genres' }));
    await expect(args.genreFilter?.onValueChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(filter).toHaveAttribute('aria-expanded', 'false'));
  },
};

/** While the genres load the filter waits, disabled. */
export const LoadingGenres: Story = {
  args: { genreFilter: { genres: [], value: null, onValueChange: fn(), hrefOf, disabled: true }, children: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Genres: All genres' })).toBeDisabled();
  },
};

/** The genres could not be loaded: the reason and "Try again" instead of rows. */
export const GenresFailed: Story = {
  args: {
    genreFilter: { genres: [], value: null, onValueChange: fn(), hrefOf, disabled: true },
    errorMessage: 'Could not reach the catalogue. Check your connection and try again.',
    onRetry: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await expect(canvas.queryByRole('heading', { level: 2 })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** New & Popular: rows only, no genre filter. */
export const WithoutFilter: Story = {
  args: { heading: 'New & Popular', genreFilter: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'New & Popular' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Genres/ })).toBeNull();
  },
};

/** GenreGrid while its titles load, and when they fail. */
export const GridLoading: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 80, onValueChange: fn(), hrefOf },
    children: <GenreGrid heading="Crime" status="loading" items={[]} onOpen={fn()} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading Crime');
    await expect(canvas.getByRole('list')).toHaveAttribute('aria-busy', 'true');
  },
};

const gridRetry = fn();
const gridOpen = fn();

export const GridFailed: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 80, onValueChange: fn(), hrefOf },
    children: (
      <GenreGrid
        heading="Crime"
        status="error"
        items={[]}
        errorMessage="The catalogue answered 503."
        onRetry={gridRetry}
        onOpen={gridOpen}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The catalogue answered 503.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(gridRetry).toHaveBeenCalled();
  },
};

/** A card of the grid opens its title. */
export const GridOpensATitle: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 18, onValueChange: fn(), hrefOf },
    children: <GenreGrid heading="Drama" status="ready" items={rowItems('backdrop', 4)} onOpen={gridOpen} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getAllByRole('listitem')[0];
    await userEvent.click(within(first).getByRole('button'));
    await expect(gridOpen).toHaveBeenCalledWith('title-1');
  },
};
