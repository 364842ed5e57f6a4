import { assign, setup } from 'xstate';

import { RESET_SENT_MESSAGE } from '../../../shared/auth/credentials';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface ForgotPasswordContext {
  /** The address the link was asked for (kept for "Send again"). */
  email: string;
  error: string | null;
}

export type ForgotPasswordEvent = { type: 'reset.send'; email: string } | { type: 'reset.again' };

/** What the page says once sent, whether or not the address has an account. */
export const FORGOT_PASSWORD_SENT = RESET_SENT_MESSAGE;

/**
 * "Forgot password?" (docs/account.md): an address is typed, a reset link is asked for, and the
 * same answer shows whatever the address (`sent`). A failure (a malformed address, too many
 * requests, no connection) shows while the form is edited again.
 */
export const forgotPasswordMachine = setup({
  types: {
    context: {} as ForgotPasswordContext,
    events: {} as ForgotPasswordEvent,
    input: {} as { email?: string },
  },
  actors: {
    sendResetEmail: fromPromise<void, { email: string }>(async () => notProvided('forgotPassword', 'sendResetEmail')),
  },
  actions: {
    rememberEmail: assign(({ event }) => (event.type === 'reset.send' ? { email: event.email.trim() } : {})),
    clearError: assign({ error: null }),
    rememberError: assign(({ event }) => ({ error: failureOf({ event }).error })),
  },
}).createMachine({
  id: 'forgotPassword',
  context: ({ input }) => ({ email: input.email ?? '', error: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: ['editing'],
      on: { 'reset.send': { target: 'sending', actions: 'rememberEmail' } },
    },
    sending: {
      tags: ['busy', 'editing'],
      entry: 'clearError',
      invoke: {
        src: 'sendResetEmail',
        input: ({ context }) => ({ email: context.email }),
        onDone: 'sent',
        onError: { target: 'editing', actions: 'rememberError' },
      },
    },
    sent: {
      on: { 'reset.again': 'editing' },
    },
  },
});
