import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AppRoutes } from '../../src/screens/AppRoutes';
import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { provideSession } from '../../src/screens/session/live-session';
import { SessionContext } from '../../src/screens/session/session-context';
import { WatchingStoreContext } from '../../src/screens/watching/watching-context';
import type { RowId } from '../../src/services/catalogue/catalogue.port';
import type { Profile } from '../../src/services/user-state/user-state.port';
import { createFakeCatalogue } from '../support/fake-catalogue';
import { createInMemoryAuth, createMemoryUserState, fakeUser } from '../support/in-memory-auth';
import { createInMemoryProfiles } from '../support/in-memory-profiles';
import { createInMemoryWatching, type InMemoryWatchingOptions } from '../support/in-memory-watching';
import { signedInAppLoaders } from '../support/signed-in-app';
import { IN_PROGRESS, LISTED } from '../support/watching-fixtures';

const USER = fakeUser('ann@example.com');

const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: true };

interface HomeScreenDemoProps {
  failingRows?: RowId[];
  /** The active profile's Continue Watching and My List (none: the profile has neither). */
  watching?: InMemoryWatchingOptions;
  /** The active profile is a kids one (7+): the kids top bar and home. */
  kids?: boolean;
}

/** The signed-in home with the real machines over a fake catalogue and in-memory watching documents. */
function HomeScreenDemo({ failingRows = [], watching, kids = false }: HomeScreenDemoProps) {
  const [world] = useState(() => {
    const profiles: Profile[] = kids
      ? [
          { ...ANN, name: 'Robin', maturity: '7+' },
          { ...ANN, id: 'p2', name: 'Ann', activeProfile: false },
        ]
      : [ANN];
    return {
      session: provideSession({
        auth: createInMemoryAuth({ [USER.email]: 'secret1' }, { signedInAs: USER.email }),
        userState: createMemoryUserState({ info: USER, profiles }),
        profiles: createInMemoryProfiles(profiles),
      }),
      catalogue: createFakeCatalogue({ failingRows }),
      watching: createInMemoryWatching({ delayMs: 50, ...watching }),
      location: memoryLocation({ path: '/' }),
    };
  });
  return (
    <Router hook={world.location.hook}>
      <CatalogueContext.Provider value={world.catalogue}>
        <WatchingStoreContext.Provider value={world.watching}>
          <SessionContext.Provider logic={world.session}>
            <AppRoutes />
          </SessionContext.Provider>
        </WatchingStoreContext.Provider>
      </CatalogueContext.Provider>
    </Router>
  );
}

const meta = {
  title: 'Screens/Home',
  component: HomeScreenDemo,
  loaders: signedInAppLoaders,
} satisfies Meta<typeof HomeScreenDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

const ROW_HEADINGS = [
  'MARQUEE ORIGINALS',
  'Trending Now',
  'Top Rated',
  'Action Movies',
  'Comedy Movies',
  'Horror Movies',
  'Romance Movies',
  'Documentaries',
];

/** The hero, then the eight rows in docs/spec.md §2's order. */
export const Loaded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1 })).toBeVisible();
    await waitFor(() =>
      expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(ROW_HEADINGS),
    );
    await expect(await canvas.findAllByRole('button', { name: /Night Shift/ })).not.toHaveLength(0);
  },
};

/** A row that fails shows a retryable error; the others still load. */
export const RowFails: Story = {
  args: { failingRows: ['horror'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const horror = await canvas.findByRole('region', { name: 'Horror Movies' });
    // A row below the first screen shows what it has as it nears the viewport.
    horror.scrollIntoView();
    await expect(await within(horror).findByRole('alert')).toHaveTextContent('Could not reach the catalogue.');
    await expect(within(horror).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** A card opens the detail modal; Escape closes it and focus returns to the card. */
export const OpenTitle: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    const row = await canvas.findByRole('region', { name: 'Comedy Movies' });
    row.scrollIntoView();
    const card = (await within(row).findAllByRole('button'))[0];
    await step('open', async () => {
      await userEvent.click(card);
      const dialog = await body.findByRole('dialog');
      // It fades in.
      await waitFor(() => expect(dialog).toBeVisible());
      await userEvent.click(body.getByRole('button', { name: 'Trailer' }));
      await expect(await body.findByTitle(/trailer$/)).toBeVisible();
    });
    await step('close', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
      await expect(card).toHaveFocus();
    });
  },
};

/** Typing in the search box goes to the search page; clearing it comes back to the rows. */
export const Search: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Search' }));
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search titles' }), 'glass');
    await expect(await canvas.findByRole('heading', { name: /Results for/ })).toBeVisible();
    await expect(await canvas.findAllByRole('button', { name: /Glass Harbour/ })).not.toHaveLength(0);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(await canvas.findByRole('heading', { name: 'Trending Now' })).toBeVisible();
  },
};

/** A profile with titles in progress and a list: Continue Watching first below the hero, then My List. */
export const WithContinueWatchingAndMyList: Story = {
  args: { watching: { progress: { p1: IN_PROGRESS }, myList: { p1: LISTED } } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('the rows come first, in order', async () => {
      await waitFor(
        () =>
          expect(canvas.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
            'Continue Watching',
            'My List',
            ...ROW_HEADINGS,
          ]),
        { timeout: 3000 },
      );
    });
    const row = within(canvas.getByRole('region', { name: 'Continue Watching' }));
    await step('progress and Play at the saved position', async () => {
      await expect(row.getByRole('progressbar', { name: 'Harbour Lights S2:E3 watched' })).toHaveAttribute(
        'aria-valuenow',
        '26',
      );
      await expect(row.getByRole('link', { name: 'Play Harbour Lights S2:E3' })).toHaveAttribute(
        'href',
        '/watch/tv/9001/2/3?t=754',
      );
    });
    await step('removing a title takes it out of the row', async () => {
      await userEvent.click(row.getByRole('button', { name: 'Remove The Salt Road from Continue Watching' }));
      await waitFor(() => expect(row.queryByRole('button', { name: 'The Salt Road' })).toBeNull(), { timeout: 3000 });
      await expect(canvas.queryByText(/Could not remove/)).toBeNull();
    });
    await step('a My List card opens the detail view', async () => {
      const list = within(canvas.getByRole('region', { name: 'My List' }));
      await userEvent.click(list.getByRole('button', { name: 'Northbound' }));
      await expect(
        await within(document.body).findByRole('dialog', { name: 'Northbound' }, { timeout: 3000 }),
      ).toBeInTheDocument();
    });
  },
};

/** The server refuses a removal: the title comes back in its place and a notice says so. */
export const RemovalRefused: Story = {
  args: {
    watching: {
      progress: { p1: IN_PROGRESS },
      failWith: (call) => (call === 'progress.remove' ? 'Could not reach Marquee.' : null),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = await canvas.findByRole('region', { name: 'Continue Watching' }, { timeout: 3000 });
    const row = within(region);
    await userEvent.click(row.getByRole('button', { name: 'Remove Copper Sky from Continue Watching' }));
    // (It leaves the row until the refusal comes back: WithContinueWatchingAndMyList shows that.)
    await waitFor(
      () => expect(canvas.getByText('Could not remove Copper Sky from Continue Watching. Try again.')).toBeVisible(),
      { timeout: 3000 },
    );
    await expect(row.getAllByRole('progressbar')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }));
    await expect(canvas.queryByText(/Could not remove Copper Sky/)).toBeNull();
  },
};

/** Continue Watching could not be read: the row says so with a retry instead of hiding. */
export const ContinueWatchingFails: Story = {
  args: {
    watching: { failWith: (call) => (call === 'progress.list' ? 'Could not reach Marquee.' : null) },
  },
  play: async ({ canvasElement }) => {
    const region = await within(canvasElement).findByRole('region', { name: 'Continue Watching' }, { timeout: 3000 });
    await expect(within(region).getByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await expect(within(region).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/**
 * A kids profile's home: the kids top bar (the Kids mark, Exit Kids, a menu that only switches
 * profiles) and rows of kids' genres first, with no hero autoplay.
 */
export const KidsHome: Story = {
  args: { kids: true },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await step('the kids top bar', async () => {
      const banner = await canvas.findByRole('banner');
      await expect(await within(banner).findByRole('link', { name: 'Marquee Kids home' })).toBeVisible();
      await expect(within(banner).getByRole('button', { name: 'Exit Kids' })).toBeVisible();
      await expect(within(banner).queryByRole('link', { name: 'New & Popular' })).toBeNull();
      await userEvent.click(within(banner).getByRole('button', { name: 'Profile menu for Robin' }));
      // The menu fades in: its items are there before they are visible.
      const switchProfiles = await body.findByRole('menuitem', { name: 'Switch Profiles' });
      await waitFor(() => expect(switchProfiles).toBeVisible());
      await expect(body.queryByRole('menuitem', { name: 'Account' })).toBeNull();
      await expect(body.queryByRole('menuitem', { name: 'Sign Out' })).toBeNull();
      await userEvent.keyboard('{Escape}');
    });
    await step("kids' rows first, no adult genre rows", async () => {
      const headings = await canvas.findAllByRole('heading', { level: 2 });
      await waitFor(() => expect(headings[0]).toHaveTextContent('Animated Films'));
      await expect(canvas.queryByRole('heading', { name: 'Horror Movies' })).toBeNull();
    });
  },
};
