import { assign, setup } from 'xstate';

import type { AuthUser } from '../../services/auth/auth.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

/** Which form last spoke: its error or its confirmation shows beside it. */
export type CredentialsForm = 'email' | 'password';

export interface CredentialsContext {
  form: CredentialsForm | null;
  error: string | null;
  /** What the last change did, said in a status region. */
  done: string | null;
}

export type CredentialsEvent =
  | { type: 'email.change'; password: string; email: string }
  | { type: 'password.change'; password: string; newPassword: string }
  | { type: 'credentials.dismiss' };

export const EMAIL_CHANGED = 'Your email address has been changed.';
export const PASSWORD_CHANGED = 'Your password has been changed, and every other device has been signed out.';

/**
 * Changing the account's e-mail and password on the account page (docs/account.md), each
 * confirmed by the current password, one at a time. A change made says so (`done`); a refusal
 * (a wrong password, an address in use, a weak new password) says why, beside its form.
 */
export const credentialsMachine = setup({
  types: { context: {} as CredentialsContext, events: {} as CredentialsEvent },
  actors: {
    changeEmail: fromPromise<AuthUser, { password: string; email: string }>(async () =>
      notProvided('credentials', 'changeEmail'),
    ),
    changePassword: fromPromise<void, { password: string; newPassword: string }>(async () =>
      notProvided('credentials', 'changePassword'),
    ),
  },
  actions: {
    start: assign((_, form: CredentialsForm) => ({ form, error: null, done: null })),
    succeed: assign((_, done: string) => ({ done })),
    fail: assign(({ event }) => ({ error: failureOf({ event }).error })),
    dismiss: assign({ error: null, done: null }),
  },
}).createMachine({
  id: 'credentials',
  context: { form: null, error: null, done: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'email.change': { target: 'changingEmail', actions: { type: 'start', params: 'email' } },
        'password.change': { target: 'changingPassword', actions: { type: 'start', params: 'password' } },
        'credentials.dismiss': { actions: 'dismiss' },
      },
    },
    changingEmail: {
      tags: ['busy'],
      invoke: {
        src: 'changeEmail',
        input: ({ event }) =>
          event.type === 'email.change'
            ? { password: event.password, email: event.email }
            : { password: '', email: '' },
        onDone: { target: 'idle', actions: { type: 'succeed', params: EMAIL_CHANGED } },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
    changingPassword: {
      tags: ['busy'],
      invoke: {
        src: 'changePassword',
        input: ({ event }) =>
          event.type === 'password.change'
            ? { password: event.password, newPassword: event.newPassword }
            : { password: '', newPassword: '' },
        onDone: { target: 'idle', actions: { type: 'succeed', params: PASSWORD_CHANGED } },
        onError: { target: 'idle', actions: 'fail' },
      },
    },
  },
});
