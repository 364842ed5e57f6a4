import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fromCallback, fromPromise } from 'xstate';

import { sessionMachine } from '../../../src/machines/session.machine.ts';
import type { UserState } from '../../../src/services/user-state/user-state.port.ts';
import { userEvent } from '../support/user-event';

// Which of the signed-in chunks have been imported: each module's stand-in notes itself when it loads.
const loaded = vi.hoisted(() => new Set<string>());
vi.mock('../../../src/screens/SignedInRoutes', async (importOriginal) => {
  loaded.add('signed-in routes');
  return await importOriginal();
});
vi.mock('../../../src/screens/HomeScreen', () => {
  loaded.add('home');
  return { default: () => null };
});
vi.mock('../../../src/screens/profiles/ProfilesScreen', () => {
  loaded.add("who's watching");
  return { default: () => null };
});
vi.mock('../../../src/screens/SignedInTopBar', () => {
  loaded.add('top bar');
  return { SignedInTopBar: () => null };
});
// The signed-out routes reduced to what matters here: opening the sign-in form.
vi.mock('../../../src/screens/SignedOutRoutes', async () => {
  const { SessionContext } = await import('../../../src/screens/session/session-context.ts');
  return {
    default: function SignedOut() {
      const actor = SessionContext.useActorRef();
      return (
        <button type="button" onClick={() => actor.send({ type: 'nav.signIn' })}>
          Open sign-in
        </button>
      );
    },
  };
});

const { AppRoutes } = await import('../../../src/screens/AppRoutes.tsx');
const { SessionContext } = await import('../../../src/screens/session/session-context.ts');

/** A signed-out session: no user to restore, and the auth backend reports none. */
const signedOutSession = sessionMachine.provide({
  actors: {
    restoreUserState: fromPromise<UserState | null>(async () => null),
    authStateListener: fromCallback(() => () => undefined),
  },
  actions: { persistUser: () => undefined },
});

describe('AppRoutes while signed out', () => {
  it('downloads what Sign In opens (the signed-in routes, home, Who’s Watching, the top bar) once the sign-in form is up, and not on the landing page', async () => {
    render(
      <SessionContext.Provider logic={signedOutSession}>
        <AppRoutes />
      </SessionContext.Provider>,
    );
    const openSignIn = await screen.findByRole('button', { name: 'Open sign-in' });
    // The landing page, idle: none of it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect([...loaded]).toEqual([]);

    await userEvent.click(openSignIn);
    await vi.waitFor(() =>
      expect([...loaded].sort()).toEqual(['home', 'signed-in routes', 'top bar', "who's watching"]),
    );
  });
});
