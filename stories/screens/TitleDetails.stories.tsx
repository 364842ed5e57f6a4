import type { Meta, StoryObj } from '@storybook/react-vite';
import { useActorRef } from '@xstate/react';
import { useRef, useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';

import type { PlayItem } from '../../shared/web/player-address';
import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { provideDetailModal } from '../../src/screens/browse/detail-logic';
import { TitleDetails } from '../../src/screens/browse/TitleDetails';
import { createFakeCatalogue, type FakeCatalogueOptions, titlesFor } from '../support/fake-catalogue';

// Trending Now mixes films and series, as TMDB's does: index 0 is a film, index 1 a series.
const TRENDING = titlesFor('trending');
const FILM = TRENDING[0]!;
const SERIES = TRENDING[1]!;

interface DemoProps extends FakeCatalogueOptions {
  which: 'film' | 'series';
  onPlay: (target: PlayItem) => void;
}

/** The detail view with its real machines over the fake catalogue, opened from a button like a card. */
function TitleDetailsDemo({ which, onPlay, ...options }: DemoProps) {
  const [catalogue] = useState(() => createFakeCatalogue({ delayMs: 30, ...options }));
  const [logic] = useState(() => provideDetailModal(catalogue));
  const modal = useActorRef(logic);
  const opener = useRef<HTMLButtonElement>(null);
  const title = which === 'film' ? FILM : SERIES;
  return (
    <CatalogueContext.Provider value={catalogue}>
      <main style={{ padding: 24 }}>
        <button ref={opener} type="button" onClick={() => modal.send({ type: 'modal.open', title })}>
          Open {title.title ?? title.name}
        </button>
        <TitleDetails
          actor={modal}
          returnFocusTo={() => opener.current}
          onPlay={onPlay}
          onClose={() => modal.send({ type: 'modal.close' })}
          onOpenSimilar={(similar) => modal.send({ type: 'similar.open', title: similar })}
        />
      </main>
    </CatalogueContext.Provider>
  );
}

const meta = {
  title: 'Screens/TitleDetails',
  component: TitleDetailsDemo,
  args: { which: 'series', onPlay: fn() },
} satisfies Meta<typeof TitleDetailsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const body = () => within(document.body);

async function open(canvasElement: HTMLElement) {
  await userEvent.click(within(canvasElement).getByRole('button', { name: /^Open / }));
  const dialog = await body().findByRole('dialog');
  await waitFor(() => expect(dialog).toBeVisible());
  return dialog;
}

/** A series from Trending Now: seasons, episodes of season 1, then season 2 picked; Play on an episode. */
export const Series: Story = {
  play: async ({ args, canvasElement, step }) => {
    const dialog = await open(canvasElement);
    const episodes = await within(dialog).findByRole('region', { name: 'Episodes' });
    await step('the header: seasons, maturity, genres, cast', async () => {
      await expect(await within(dialog).findByText('3 Seasons')).toBeVisible();
      await expect(within(dialog).getAllByText('TV-14')[0]).toBeVisible();
      await expect(dialog).toHaveTextContent('Cast: Ada Brook, Tom Ferris, Lena Okafor, more');
    });
    await step('season 1, then season 2', async () => {
      await waitFor(() => expect(within(episodes).getAllByRole('listitem')).toHaveLength(4));
      await userEvent.click(within(episodes).getByRole('combobox', { name: 'Season' }));
      await userEvent.click(await body().findByRole('option', { name: /Season 2/ }));
      await waitFor(() => expect(within(episodes).getAllByRole('listitem')).toHaveLength(5));
    });
    await step('Play on an episode', async () => {
      await userEvent.click(within(episodes).getByRole('button', { name: 'Play Episode 3' }));
      await expect(args.onPlay).toHaveBeenCalledWith({ kind: 'tv', id: SERIES.id, season: 2, episode: 3 });
    });
    await expect(within(dialog).getByRole('region', { name: `About ${SERIES.name}` })).toHaveTextContent(
      'Creator: Kit Amari',
    );
  },
};

/** A film: runtime, no Episodes, its director; Play watches the film. */
export const Film: Story = {
  args: { which: 'film' },
  play: async ({ args, canvasElement }) => {
    const dialog = await open(canvasElement);
    await expect(await within(dialog).findByText('2h 21m')).toBeVisible();
    await expect(within(dialog).queryByRole('region', { name: 'Episodes' })).toBeNull();
    await expect(within(dialog).getByRole('region', { name: `About ${FILM.title}` })).toHaveTextContent(
      'Director: Jo Marsh',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Play' }));
    await expect(args.onPlay).toHaveBeenCalledWith({ kind: 'movie', id: FILM.id });
  },
};

/** A More Like This card opens that title in place; Escape then returns focus to the opener. */
export const MoreLikeThisInPlace: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const similar = await within(dialog).findByRole('region', { name: 'More Like This' });
    const card = (await within(similar).findAllByRole('button'))[0]!;
    const name = card.querySelector('span span')?.textContent ?? '';
    await userEvent.click(card);
    const heading = await within(dialog).findByRole('heading', { level: 2, name });
    await waitFor(() => expect(heading).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(body().queryByRole('dialog')).toBeNull());
    await expect(within(canvasElement).getByRole('button', { name: /^Open / })).toHaveFocus();
  },
};

/** The details fail: the header says why, each section offers its own Try again. */
export const DetailsFail: Story = {
  args: { failingDetails: true },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    await waitFor(() => expect(within(dialog).getAllByRole('alert').length).toBeGreaterThanOrEqual(3));
    await expect(within(dialog).getAllByRole('alert')[0]).toHaveTextContent('Could not reach the catalogue.');
    const similar = within(dialog).getByRole('region', { name: 'More Like This' });
    await expect(within(similar).getByRole('alert')).toHaveTextContent('More Like This could not be loaded.');
    await expect(within(similar).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** The season fails but the details stand; Try again in Episodes asks only for the season. */
export const SeasonFails: Story = {
  args: { failingSeasons: true },
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const episodes = await within(dialog).findByRole('region', { name: 'Episodes' });
    await expect(await within(episodes).findByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await expect(within(dialog).getByText('3 Seasons')).toBeVisible();
    await expect(within(dialog).getByRole('region', { name: 'More Like This' })).not.toHaveTextContent(
      'could not be loaded',
    );
    await userEvent.click(within(episodes).getByRole('button', { name: 'Try again' }));
    await expect(await within(episodes).findByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
  },
};

/** Keyboard alone inside the dialog: the season picker opens with Enter, arrows pick, focus stays in the dialog. */
export const SeasonByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    const dialog = await open(canvasElement);
    const episodes = await within(dialog).findByRole('region', { name: 'Episodes' });
    await waitFor(() => expect(within(episodes).getAllByRole('listitem')).toHaveLength(4));
    const picker = within(episodes).getByRole('combobox', { name: 'Season' });
    picker.focus();
    await userEvent.keyboard('{Enter}');
    await body().findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(within(episodes).getAllByRole('listitem')).toHaveLength(5));
    await waitFor(() => expect(picker).toHaveFocus());
    await expect(picker).toHaveTextContent('Season 2');
    await userEvent.tab();
    await expect(within(episodes).getByRole('button', { name: 'Play Episode 1' })).toHaveFocus();
  },
};
