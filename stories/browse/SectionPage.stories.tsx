import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { RowStack } from '../../src/components/browse/BrowseLayout';
import { CardCaption, GenreGrid, SectionPage } from '../../src/components/browse/SectionPage';
import { TitleRow } from '../../src/components/browse/TitleRow';
import { rowItems } from '../support/art-fixtures';

const GENRES = [
  { id: 18, name: 'Drama' },
  { id: 35, name: 'Comedy' },
  { id: 80, name: 'Crime' },
];

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
  args: {
    heading: 'TV Shows',
    genreFilter: { genres: GENRES, value: null, onValueChange: fn() },
    children: rows,
  },
} satisfies Meta<typeof SectionPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** TV Shows with every genre's rows; the Genres filter picks one genre. */
export const Rows: Story = {
  play: async ({ args, canvasElement, step }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'TV Shows' })).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Drama' })).toBeVisible();
    await expect(canvas.getAllByText('Coming March 15').length).toBeGreaterThan(0);
    const filter = canvas.getByRole('combobox', { name: 'Genres' });
    await step('The filter shows every genre until one is chosen', async () => {
      await expect(filter).toHaveDisplayValue('All genres');
      await expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All genres', 'Drama', 'Comedy', 'Crime']);
    });
    await step('Choosing Comedy asks for genre 35', async () => {
      await userEvent.selectOptions(filter, 'Comedy');
      await expect(args.genreFilter?.onValueChange).toHaveBeenLastCalledWith(35);
    });
  },
};

/** One genre chosen: the filter shows it, and the page shows that genre's grid. */
export const OneGenre: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 35, onValueChange: fn() },
    children: <GenreGrid heading="Comedy" status="ready" items={rowItems('backdrop', 8)} onOpen={fn()} />,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const filter = canvas.getByRole('combobox', { name: 'Genres' });
    await expect(filter).toHaveDisplayValue('Comedy');
    await expect(canvas.getByRole('region', { name: 'Comedy' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(8);
    await userEvent.selectOptions(filter, 'All genres');
    await expect(args.genreFilter?.onValueChange).toHaveBeenLastCalledWith(null);
  },
};

/** While the genres load the filter waits, disabled. */
export const LoadingGenres: Story = {
  args: { genreFilter: { genres: [], value: null, onValueChange: fn(), disabled: true }, children: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('combobox', { name: 'Genres' })).toBeDisabled();
  },
};

/** The genres could not be loaded: the reason and "Try again" instead of rows. */
export const GenresFailed: Story = {
  args: {
    genreFilter: { genres: [], value: null, onValueChange: fn(), disabled: true },
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
    await expect(canvas.queryByRole('combobox')).toBeNull();
  },
};

/** GenreGrid while its titles load, and when they fail. */
export const GridLoading: Story = {
  args: {
    genreFilter: { genres: GENRES, value: 80, onValueChange: fn() },
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
    genreFilter: { genres: GENRES, value: 80, onValueChange: fn() },
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
    genreFilter: { genres: GENRES, value: 18, onValueChange: fn() },
    children: <GenreGrid heading="Drama" status="ready" items={rowItems('backdrop', 4)} onOpen={gridOpen} />,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const first = canvas.getAllByRole('listitem')[0];
    await userEvent.click(within(first).getByRole('button'));
    await expect(gridOpen).toHaveBeenCalledWith('title-1');
  },
};
