import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { AccountStoreContext } from '../../src/screens/account/account-store-context';
import { AppRoutes } from '../../src/screens/AppRoutes';
import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { PaymentsContext } from '../../src/screens/plans/payments-context';
import { AuthContext } from '../../src/screens/session/auth-context';
import { provideSession } from '../../src/screens/session/live-session';
import { SessionContext } from '../../src/screens/session/session-context';
import { WatchingStoreContext } from '../../src/screens/watching/watching-context';
import type { Profile } from '../../src/services/user-state/user-state.port';
import { createFakeCatalogue } from '../support/fake-catalogue';
import { createInMemoryAuth, createMemoryUserState, fakeUser } from '../support/in-memory-auth';
import {
  createInMemoryBilling,
  createInMemoryCheckoutSessions,
  createInMemoryPlans,
  createRecordingPayments,
} from '../support/in-memory-plans';
import { createInMemoryProfiles } from '../support/in-memory-profiles';
import { createInMemoryWatching } from '../support/in-memory-watching';
import { signedInAppLoaders } from '../support/signed-in-app';

interface SessionScreenProps {
  accounts: Record<string, string>;
  signedInAs?: string;
  /** The account's profiles on the (in-memory) server: Ann alone unless given. */
  profiles?: Profile[];
  /** The address the app opens at: "/" unless given. */
  path?: string;
}

/** The app's routes with the real machines, wired to in-memory fakes of their services. */
function SessionScreen({
  accounts,
  signedInAs,
  profiles = [{ id: 'p1', name: 'Ann', activeProfile: true }],
  path = '/',
}: SessionScreenProps) {
  const auth = createInMemoryAuth(accounts, { signedInAs });
  const user = signedInAs ? fakeUser(signedInAs) : null;
  const profilesStore = createInMemoryProfiles(profiles);
  const logic = provideSession({
    auth,
    userState: createMemoryUserState({ info: user, profiles: [] }),
    profiles: profilesStore,
  });
  // A new account has no plan: sign-up leads to the join step, which reads the plans.
  const [accountStore] = useState(() => ({
    profiles: profilesStore,
    plans: createInMemoryPlans({ subscription: null }),
    checkoutSessions: createInMemoryCheckoutSessions(),
    billing: createInMemoryBilling({ subscription: null }),
  }));
  const [payments] = useState(() => createRecordingPayments(() => {}));
  // Kept across renders: a new store would start new Continue Watching and My List actors.
  const [watching] = useState(() => createInMemoryWatching());
  const [location] = useState(() => memoryLocation({ path }));
  return (
    <Router hook={location.hook}>
      <CatalogueContext.Provider value={createFakeCatalogue()}>
        <AccountStoreContext.Provider value={accountStore}>
          <PaymentsContext.Provider value={payments}>
            <WatchingStoreContext.Provider value={watching}>
              <AuthContext.Provider value={auth}>
                <SessionContext.Provider logic={logic}>
                  <AppRoutes />
                </SessionContext.Provider>
              </AuthContext.Provider>
            </WatchingStoreContext.Provider>
          </PaymentsContext.Provider>
        </AccountStoreContext.Provider>
      </CatalogueContext.Provider>
    </Router>
  );
}

const meta = {
  title: 'Screens/Session flows',
  component: SessionScreen,
  loaders: signedInAppLoaders,
  args: { accounts: { 'ann@example.com': 'secret1' } },
} satisfies Meta<typeof SessionScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Landing: Story = {};

/** The landing page's e-mail is carried into sign-up; the provider's message is shown on failure. */
export const SignUpFromLanding: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('Get Started with an e-mail', async () => {
      // Nothing renders until the session is rehydrated: wait for the page.
      await userEvent.type(await canvas.findByLabelText('Email address'), 'bo@example.com');
      await userEvent.click(canvas.getByRole('button', { name: 'Get Started' }));
    });
    await expect(await canvas.findByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('bo@example.com');
    await step('a short password gets the provider message', async () => {
      await userEvent.type(canvas.getByLabelText('Password'), 'abc{Enter}');
      await expect(await canvas.findByText('Password should be at least 6 characters')).toBeVisible();
    });
    await step('a good password signs up, and the join step offers the plans', async () => {
      await userEvent.type(canvas.getByLabelText('Password'), 'def');
      await userEvent.click(canvas.getByRole('button', { name: 'Sign Up' }));
      // The signed-in routes' and the join step's chunks load first, as home's do below.
      await expect(
        await canvas.findByRole(
          'heading',
          { level: 1, name: "Choose the plan that's right for you" },
          { timeout: 10_000 },
        ),
      ).toBeVisible();
    });
    await step('Browse first: home, without a plan', async () => {
      await canvas.findByRole('radio', { name: 'Standard' });
      await userEvent.click(canvas.getByRole('button', { name: 'Browse first' }));
      await expect(await canvas.findByRole('heading', { name: 'Trending Now' }, { timeout: 10_000 })).toBeVisible();
    });
  },
};

/** Get Started in the landing document is a real form: the app opens sign-up with its e-mail. */
export const FromTheLandingDocumentToSignUp: Story = {
  args: { path: '/sign-up?email=bob%40example.com' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign Up' })).toBeVisible();
    await expect(canvas.getByLabelText('Email')).toHaveValue('bob@example.com');
  },
};

/** The landing document's Sign In link: the app opens the sign-in form. */
export const FromTheLandingDocumentToSignIn: Story = {
  args: { path: '/sign-in' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Sign In' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText('Email'), 'ann@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'secret1{Enter}');
    await expect(await canvas.findByRole('heading', { name: 'Trending Now' })).toBeVisible();
  },
};

export const SignInFails: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('link', { name: 'Sign In' }));
    await userEvent.type(await canvas.findByLabelText('Email'), 'ann@example.com');
    await userEvent.type(canvas.getByLabelText('Password'), 'wrong-password{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent('That user does not exist. Please try again.');
  },
};

export const SignInThenSignOut: Story = {
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('sign in', async () => {
      await userEvent.click(await canvas.findByRole('link', { name: 'Sign In' }));
      await userEvent.click(await canvas.findByRole('button', { name: 'Sign Up Now.' }));
      await expect(await canvas.findByRole('heading', { name: 'Sign Up' })).toBeVisible();
      await userEvent.click(canvas.getByRole('link', { name: 'Sign In' }));
      await userEvent.type(await canvas.findByLabelText('Email'), 'ann@example.com');
      await userEvent.type(canvas.getByLabelText('Password'), 'secret1{Enter}');
      await expect(await canvas.findByRole('heading', { name: 'Trending Now' })).toBeVisible();
    });
    await step('sign out from the profile menu lands on the landing page, flags cleared', async () => {
      // The account's profiles are read at sign-in: the menu names the active one.
      await userEvent.click(await canvas.findByRole('button', { name: 'Profile menu for Ann' }));
      const menu = await within(document.body).findByRole('menu', undefined, { timeout: 5000 });
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Sign Out' }));
      await expect(
        await canvas.findByRole('heading', { name: 'Unlimited films, TV programmes and more.' }),
      ).toBeVisible();
    });
  },
};

export const AlreadySignedIn: Story = {
  args: { signedInAs: 'ann@example.com' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'MARQUEE ORIGINALS' })).toBeVisible();
    await expect(await canvas.findByRole('button', { name: 'Profile menu for Ann' })).toBeVisible();
  },
};

/** Two profiles: signing in shows "Who's Watching?" first; a tile goes home as that profile. */
export const SignInWithTwoProfiles: Story = {
  args: {
    profiles: [
      { id: 'p1', name: 'Ann', activeProfile: true },
      { id: 'p2', name: 'Kids', activeProfile: false },
    ],
  },
  play: async ({ canvasElement, step }) => {
    const canvas = within(canvasElement);
    await step('sign in', async () => {
      await userEvent.click(await canvas.findByRole('link', { name: 'Sign In' }));
      await userEvent.type(await canvas.findByLabelText('Email'), 'ann@example.com');
      await userEvent.type(canvas.getByLabelText('Password'), 'secret1{Enter}');
    });
    await step("Who's Watching? comes first, before home", async () => {
      await expect(await canvas.findByRole('heading', { name: "Who's Watching?" })).toBeVisible();
      await expect(canvas.queryByRole('heading', { name: 'Trending Now' })).toBeNull();
    });
    await step('choosing Kids goes home as Kids', async () => {
      const kids = canvas.getByRole('button', { name: 'Kids' });
      await waitFor(() => expect(kids).toBeEnabled());
      await userEvent.click(kids);
      await expect(await canvas.findByRole('heading', { name: 'Trending Now' })).toBeVisible();
      await expect(await canvas.findByRole('button', { name: 'Profile menu for Kids' })).toBeVisible();
    });
  },
};
