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
import { createInMemoryAuth, createMemoryUserState } from '../support/in-memory-auth';
import { createInMemoryProfiles } from '../support/in-memory-profiles';
import { createInMemoryWatching, type InMemoryWatchingOptions } from '../support/in-memory-watching';

const USER = { uid: 'uid-ann', email: 'ann@example.com', createdAt: '2024-03-01T10:00:00.000Z' };

const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: true };

interface HomeScreenDemoProps {
  failingRows?: RowId[];
  /** The active profile's Continue Watching and My List (none: the profile has neither). */
  watching?: InMemoryWatchingOptions;
}

/** The signed-in home with the real machines over a fake catalogue and in-memory watching documents. */
function HomeScreenDemo({ failingRows = [], watching }: HomeScreenDemoProps) {
  const [world] = useState(() => ({
    session: provideSession({
      auth: createInMemoryAuth({ [USER.email]: 'secret1' }, { signedInAs: USER.email }),
      userState: createMemoryUserState({ info: USER, profiles: [ANN] }),
      profiles: createInMemoryProfiles([ANN]),
    }),
    catalogue: createFakeCatalogue({ failingRows }),
    watching: createInMemoryWatching({ delayMs: 50, ...watching }),
    location: memoryLocation({ path: '/' }),
  }));
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

/** The hero, then the eight rows in SPEC §2's order. */
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
    const card = (await within(row).findAllByRole('button'))[0];
    await step('open', async () => {
      await userEvent.click(card);
      const dialog = await body.findByRole('dialog');
      // It fades in.
      await waitFor(() => expect(dialog).toBeVisible());
      await userEvent.click(body.getByRole('button', { name: 'Play' }));
      await expect(await body.findByTitle(/trailer$/)).toBeVisible();
    });
    await step('close', async () => {
      await userEvent.keyboard('{Escape}');
      await waitFor(() => expect(body.queryByRole('dialog')).toBeNull());
      await expect(card).toHaveFocus();
    });
  },
};

/** The search box replaces the rows with a results grid while it has text. */
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
