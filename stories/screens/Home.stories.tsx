import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AppRoutes } from '../../src/screens/AppRoutes';
import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { provideSession } from '../../src/screens/session/live-session';
import { SessionContext } from '../../src/screens/session/session-context';
import type { RowId } from '../../src/services/catalogue/catalogue.port';
import { createFakeCatalogue } from '../support/fake-catalogue';
import { createInMemoryAuth, createMemoryUserState } from '../support/in-memory-auth';
import { createInMemoryProfiles } from '../support/in-memory-profiles';

const USER = { uid: 'uid-ann', email: 'ann@example.com', createdAt: '2024-03-01T10:00:00.000Z' };

/** The signed-in home with the real machines over a fake catalogue. */
function HomeScreenDemo({ failingRows = [] }: { failingRows?: RowId[] }) {
  const session = provideSession({
    auth: createInMemoryAuth({ [USER.email]: 'secret1' }, { signedInAs: USER.email }),
    userState: createMemoryUserState({ info: USER, profiles: [] }),
    profiles: createInMemoryProfiles(),
  });
  return (
    <Router hook={memoryLocation({ path: '/' }).hook}>
      <CatalogueContext.Provider value={createFakeCatalogue({ failingRows })}>
        <SessionContext.Provider logic={session}>
          <AppRoutes />
        </SessionContext.Provider>
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
