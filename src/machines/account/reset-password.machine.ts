import { assign, setup } from 'xstate';

import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface ResetPasswordContext {
  /** The link's single-use code; empty when the address carried none. */
  code: string;
  error: string | null;
}

export type ResetPasswordEvent = { type: 'reset.confirm'; password: string };

export interface ConfirmResetInput {
  code: string;
  password: string;
}

/**
 * A reset link's page (docs/account.md): a new password is typed and set with the link's code,
 * once; every session of the account then ends (`done`). A link without a code goes to
 * `noCode`; a refusal (used, expired, a weak password) shows while the form is edited again.
 */
export const resetPasswordMachine = setup({
  types: {
    context: {} as ResetPasswordContext,
    events: {} as ResetPasswordEvent,
    input: {} as { code: string },
  },
  actors: {
    confirmReset: fromPromise<void, ConfirmResetInput>(async () => notProvided('resetPassword', 'confirmReset')),
  },
  actions: {
    clearError: assign({ error: null }),
    rememberError: assign(({ event }) => ({ error: failureOf({ event }).error })),
  },
  guards: {
    hasCode: ({ context }) => context.code !== '',
  },
}).createMachine({
  id: 'resetPassword',
  context: ({ input }) => ({ code: input.code, error: null }),
  initial: 'checking',
  states: {
    checking: { always: [{ guard: 'hasCode', target: 'editing' }, { target: 'noCode' }] },
    noCode: {},
    editing: { on: { 'reset.confirm': 'saving' } },
    saving: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'confirmReset',
        input: ({ context, event }) => ({
          code: context.code,
          password: event.type === 'reset.confirm' ? event.password : '',
        }),
        onDone: 'done',
        onError: { target: 'editing', actions: 'rememberError' },
      },
    },
    done: { type: 'final' },
  },
});
