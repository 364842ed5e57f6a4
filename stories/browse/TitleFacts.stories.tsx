import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { TitleFacts } from '../../src/components/browse/TitleFacts';
import { CAST, inMain } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/TitleFacts',
  component: TitleFacts,
  args: {
    status: 'ready',
    year: '2021',
    maturity: 'PG-13',
    length: '2h 21m',
    genres: ['Drama', 'Mystery'],
    cast: CAST,
    onRetry: fn(),
  },
  decorators: [inMain],
} satisfies Meta<typeof TitleFacts>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A film: year, bordered maturity, runtime, genres and the first three cast names, then "more". */
export const Movie: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2021')).toBeVisible();
    await expect(canvas.getByText('PG-13')).toHaveTextContent('Maturity rating: PG-13');
    await expect(canvas.getByText('2h 21m')).toBeVisible();
    await expect(canvasElement).toHaveTextContent('Genres: Drama, Mystery');
    await expect(canvasElement).toHaveTextContent('Cast: Ada Brook, Tom Ferris, Lena Okafor, more');
  },
};

/** A series shows its number of seasons instead of a runtime. */
export const Series: Story = {
  args: { maturity: 'TV-14', length: '3 Seasons' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('3 Seasons')).toBeVisible();
    await expect(within(canvasElement).getByText('TV-14')).toBeVisible();
  },
};

/** "more" takes focus to the full cast (the About section's heading). */
export const MoreGoesToAbout: Story = {
  args: { moreTargetId: 'about-heading' },
  render: (args) => (
    <>
      <TitleFacts {...args} />
      <h3 id="about-heading" tabIndex={-1} style={{ marginTop: 600 }}>
        About Glass Harbour
      </h3>
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'more cast' }));
    await expect(canvas.getByRole('heading', { name: 'About Glass Harbour' })).toHaveFocus();
  },
};

/** No cast, no genres, no rating known: those parts are left out, nothing is made up. */
export const NoCast: Story = {
  args: { cast: [], genres: [], maturity: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).not.toHaveTextContent('Cast:');
    await expect(canvasElement).not.toHaveTextContent('Genres:');
    await expect(canvasElement).not.toHaveTextContent('Maturity rating');
  },
};

/** While the details load, the year (known from the title) shows beside a skeleton. */
export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('2021')).toBeVisible();
    await expect(canvas.getByText('Loading the details')).toBeInTheDocument();
    await expect(canvas.queryByText('2h 21m')).toBeNull();
  },
};

export const FailedWithRetry: Story = {
  args: { status: 'error', errorMessage: 'The catalogue answered 503.' },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('The catalogue answered 503.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
