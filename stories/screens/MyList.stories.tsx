import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';

import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { provideSession } from '../../src/screens/session/live-session';
import { SessionContext } from '../../src/screens/session/session-context';
import { MyListHomeRow } from '../../src/screens/watching/MyListHomeRow';
import { MyListToggle } from '../../src/screens/watching/MyListToggle';
import { WatchingStoreContext } from '../../src/screens/watching/watching-context';
import { WatchingNotice } from '../../src/screens/watching/WatchingNotice';
import { WatchingProvider } from '../../src/screens/watching/WatchingProvider';
import type { Title } from '../../src/services/catalogue/catalogue.port';
import type { Profile } from '../../src/services/user-state/user-state.port';
import { createFakeCatalogue, fakeArtPath } from '../support/fake-catalogue';
import { createInMemoryAuth, createMemoryUserState, fakeUser } from '../support/in-memory-auth';
import { createInMemoryProfiles } from '../support/in-memory-profiles';
import { createInMemoryWatching, type InMemoryWatchingOptions } from '../support/in-memory-watching';
import { SignedInApp, signedInAppLoaders } from '../support/signed-in-app';
import { LISTED } from '../support/watching-fixtures';

const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: true };
const KIDS: Profile = { id: 'p2', name: 'Kids', activeProfile: false };

interface MyListDemoProps {
  /** The page, or (`toggle`) two titles' My List buttons above the profile's My List row. */
  view: 'page' | 'toggle';
  watching?: InMemoryWatchingOptions;
  /** The first read of the list fails as if the server were unreachable; the next ones answer. */
  firstLoadFails?: boolean;
}

const TITLES: Title[] = [
  { id: 9201, title: 'Kestrel', overview: '', backdrop_path: fakeArtPath('backdrop', 'Kestrel'), poster_path: null },
  { id: 9202, title: 'Low Tide', overview: '', backdrop_path: fakeArtPath('backdrop', 'Low Tide'), poster_path: null },
];

/** Two titles' buttons and the My List row, sharing the profile's one My List actor. */
function ToggleDemo({ watching }: { watching?: InMemoryWatchingOptions }) {
  const [world] = useState(() => ({
    session: provideSession({
      auth: createInMemoryAuth({ 'ann@example.com': 'secret1' }, { signedInAs: 'ann@example.com' }),
      userState: createMemoryUserState({
        info: fakeUser('ann@example.com'),
        profiles: [ANN],
      }),
      profiles: createInMemoryProfiles([ANN]),
    }),
    catalogue: createFakeCatalogue(),
    watching: createInMemoryWatching({ delayMs: 50, ...watching }),
  }));
  return (
    <CatalogueContext.Provider value={world.catalogue}>
      <WatchingStoreContext.Provider value={world.watching}>
        <SessionContext.Provider logic={world.session}>
          <WatchingProvider>
            <WatchingNotice />
            <main style={{ padding: '96px 24px 24px', display: 'grid', gap: 24 }}>
              <ul style={{ display: 'flex', gap: 24, listStyle: 'none', margin: 0, padding: 0 }}>
                {TITLES.map((title) => (
                  <li key={title.id} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                    <MyListToggle title={title} mediaType="movie" named />
                    {title.title}
                  </li>
                ))}
              </ul>
              <MyListHomeRow onOpenTitle={() => {}} />
            </main>
          </WatchingProvider>
        </SessionContext.Provider>
      </WatchingStoreContext.Provider>
    </CatalogueContext.Provider>
  );
}

function MyListDemo({ view, watching, firstLoadFails = false }: MyListDemoProps) {
  const [store] = useState(() => {
    let failed = !firstLoadFails;
    const failWith = (call: string) => {
      if (failed || call !== 'myList.list') return null;
      failed = true;
      return 'Could not reach Marquee.';
    };
    return createInMemoryWatching({ delayMs: 50, failWith, ...watching });
  });
  return view === 'toggle' ? (
    <ToggleDemo watching={watching} />
  ) : (
    <SignedInApp path="/my-list" profiles={[ANN, KIDS]} watching={store} />
  );
}

const meta = {
  title: 'Screens/My List',
  component: MyListDemo,
  loaders: signedInAppLoaders,
  args: { view: 'page' },
} satisfies Meta<typeof MyListDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A tile's title: its art's alt (cards no longer print the title under art that shows it), or the tile's text. */
const cardName = (item: HTMLElement) => item.querySelector('img')?.alt ?? item.textContent;

/** The page: the profile's titles, newest first; a card opens the detail view. */
export const Loaded: Story = {
  args: { watching: { myList: { p1: LISTED } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'My List' }, { timeout: 3000 })).toBeVisible();
    await waitFor(() =>
      expect(within(canvas.getByRole('main')).getAllByRole('listitem').map(cardName)).toEqual([
        'Quiet Hours',
        'Northbound',
        'Blue Static',
      ]),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Blue Static' }));
    await expect(await within(document.body).findByRole('dialog', { name: 'Blue Static' })).toBeInTheDocument();
  },
};

/** Nothing listed: how titles get here, and a link home. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Titles you add to My List appear here.')).toBeVisible();
    await userEvent.click(canvas.getByRole('link', { name: 'Browse titles' }));
    await expect(await canvas.findByRole('heading', { name: 'Trending Now' }, { timeout: 3000 })).toBeVisible();
  },
};

/** The list could not be read: an alert and Try again, which loads it once the server answers. */
export const LoadFailsThenRetry: Story = {
  args: { watching: { myList: { p1: LISTED } }, firstLoadFails: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Could not reach Marquee.');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(await canvas.findByRole('button', { name: 'Northbound' })).toBeVisible();
  },
};

/** Each profile has its own list: another profile's titles never show. */
export const OtherProfileHasItsOwn: Story = {
  args: { watching: { myList: { p1: LISTED.slice(0, 1), p2: LISTED.slice(1) } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Quiet Hours' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Northbound' })).toBeNull();
  },
};

/** Adding is at once: the button flips and the row appears before the server answers. */
export const AddAndRemove: Story = {
  args: { view: 'toggle' },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const add = await canvas.findByRole('button', { name: 'Add Kestrel to My List' });
    await waitFor(() => expect(add).toBeEnabled());
    await step('add', async () => {
      await userEvent.click(add);
      await expect(canvas.getByRole('button', { name: 'Remove Kestrel from My List' })).toBeVisible();
      const row = await canvas.findByRole('region', { name: 'My List' });
      await expect(within(row).getByRole('button', { name: 'Kestrel' })).toBeVisible();
    });
    await step('both, one after the other, without losing either', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Add Low Tide to My List' }));
      const row = within(canvas.getByRole('region', { name: 'My List' }));
      await waitFor(() => expect(row.getAllByRole('listitem').map(cardName)).toEqual(['Low Tide', 'Kestrel']));
      await waitFor(() =>
        expect(canvas.getByRole('button', { name: 'Remove Low Tide from My List' })).not.toHaveAttribute('aria-busy'),
      );
    });
    await step('remove', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Remove Kestrel from My List' }));
      await expect(canvas.getByRole('button', { name: 'Add Kestrel to My List' })).toBeVisible();
    });
  },
};

/** The server refuses: the change is rolled back and a notice names the title. */
export const AddRefused: Story = {
  args: {
    view: 'toggle',
    watching: { failWith: (call: string) => (call === 'myList.add' ? 'Could not reach Marquee.' : null) },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const add = await canvas.findByRole('button', { name: 'Add Kestrel to My List' });
    await waitFor(() => expect(add).toBeEnabled());
    await userEvent.click(add);
    // (The title shows as added until the refusal comes back: AddAndRemove shows that moment.)
    await waitFor(() =>
      expect(canvas.getByRole('alert')).toHaveTextContent('Could not add Kestrel to My List. Try again.'),
    );
    await expect(canvas.getByRole('button', { name: 'Add Kestrel to My List' })).toBeVisible();
    await expect(canvas.queryByRole('region', { name: 'My List' })).toBeNull();
  },
};

/** Switching profile: the page then shows the other profile's list, read afresh. */
export const SwitchProfile: Story = {
  args: { watching: { myList: { p1: LISTED.slice(0, 1), p2: LISTED.slice(1) } } },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    const body = within(document.body);
    await expect(await canvas.findByRole('button', { name: 'Quiet Hours' })).toBeVisible();
    await step('switch to Kids', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Profile menu for Ann' }));
      await userEvent.click(await body.findByRole('menuitem', { name: 'Switch Profiles' }));
      const grid = await canvas.findByRole('main', { name: "Who's Watching?" });
      const kids = await within(grid).findByRole('button', { name: 'Kids' });
      // The tiles wait for the server's list of profiles.
      await waitFor(() => expect(kids).toBeEnabled());
      await userEvent.click(kids);
      await expect(
        await canvas.findByRole('button', { name: 'Profile menu for Kids' }, { timeout: 3000 }),
      ).toBeVisible();
      // Home shows Kids' own My List row.
      const row = await canvas.findByRole('region', { name: 'My List' }, { timeout: 3000 });
      await expect(within(row).getByRole('button', { name: 'Northbound' })).toBeVisible();
      await expect(within(row).queryByRole('button', { name: 'Quiet Hours' })).toBeNull();
    });
    await step('My List is Kids’ own', async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Profile menu for Kids' }));
      await userEvent.click(await body.findByRole('menuitem', { name: 'My List' }));
      await expect(await canvas.findByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
      await expect(await canvas.findByRole('button', { name: 'Northbound' })).toBeVisible();
      await expect(canvas.queryByRole('button', { name: 'Quiet Hours' })).toBeNull();
    });
  },
};
