import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';

import { AboutTitle } from '../../src/components/browse/AboutTitle';
import { CAST, inMain } from '../support/detail-fixtures';

const meta = {
  title: 'Browse/Detail/AboutTitle',
  component: AboutTitle,
  args: {
    title: 'Glass Harbour',
    status: 'ready',
    makers: { label: 'Director', names: ['Jo Marsh'] },
    cast: CAST,
    genres: ['Drama', 'Mystery'],
    maturity: 'PG-13',
    onRetry: fn(),
  },
  decorators: [inMain],
} satisfies Meta<typeof AboutTitle>;

export default meta;
type Story = StoryObj<typeof meta>;

const section = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('region', { name: 'About Glass Harbour' });

/** A film: its director, the whole cast, genres and maturity rating. */
export const Movie: Story = {
  play: async ({ canvasElement }) => {
    const region = section(canvasElement);
    await expect(region).toHaveTextContent('Director: Jo Marsh');
    await expect(region).toHaveTextContent(`Cast: ${CAST.join(', ')}`);
    await expect(region).toHaveTextContent('Genres: Drama, Mystery');
    await expect(region).toHaveTextContent('Maturity rating: PG-13');
  },
};

/** A series names its creators. */
export const Series: Story = {
  args: { makers: { label: 'Creators', names: ['Kit Amari', 'Rue Hale'] }, maturity: 'TV-14' },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveTextContent('Creators: Kit Amari, Rue Hale');
  },
};

/** Without cast or rating those entries are left out. */
export const NoCast: Story = {
  args: { cast: [], maturity: null },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).not.toHaveTextContent('Cast');
    await expect(section(canvasElement)).not.toHaveTextContent('Maturity rating');
  },
};

export const Loading: Story = {
  args: { status: 'loading' },
  play: async ({ canvasElement }) => {
    await expect(section(canvasElement)).toHaveAttribute('aria-busy', 'true');
    await expect(section(canvasElement)).not.toHaveTextContent('Jo Marsh');
  },
};

export const FailedWithRetry: Story = {
  args: { status: 'error' },
  play: async ({ args, canvasElement }) => {
    const region = within(section(canvasElement));
    await expect(region.getByRole('alert')).toHaveTextContent('About Glass Harbour could not be loaded.');
    await userEvent.click(region.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};
