import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

import {
  credentialsMachine,
  EMAIL_CHANGED,
  PASSWORD_CHANGED,
} from '../../../../src/machines/account/credentials.machine.ts';
import { devicesMachine } from '../../../../src/machines/account/devices.machine.ts';
import { forgotPasswordMachine } from '../../../../src/machines/account/forgot-password.machine.ts';
import { paymentMethodMachine } from '../../../../src/machines/account/payment-method.machine.ts';
import { resetPasswordMachine } from '../../../../src/machines/account/reset-password.machine.ts';
import type { CardInput, CardOnFile } from '../../../../src/services/account-store/billing.port.ts';
import { AuthError, type DeviceSession } from '../../../../src/services/auth/auth.port.ts';

const settled = <T extends { getSnapshot: () => { hasTag: (tag: string) => boolean } }>(actor: T) =>
  waitFor(actor as never, (snapshot: { hasTag: (tag: string) => boolean }) => !snapshot.hasTag('busy'));

describe('forgot password', () => {
  it('sends the link and says the same whatever the address; a failure keeps the form', async () => {
    const asked: string[] = [];
    let fail = true;
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          sendResetEmail: fromPromise(async ({ input }: { input: { email: string } }) => {
            asked.push(input.email);
            if (fail) throw new AuthError('auth/too-many-requests', 'Too many attempts. Please try again later.');
          }),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'reset.send', email: ' ann@example.com ' });
    await settled(actor);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.error).toBe('Too many attempts. Please try again later.');
    fail = false;
    actor.send({ type: 'reset.send', email: 'ann@example.com' });
    await waitFor(actor, (s) => s.matches('sent'));
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(asked).toEqual(['ann@example.com', 'ann@example.com']);
    actor.send({ type: 'reset.again' });
    expect(actor.getSnapshot().context.email).toBe('ann@example.com');
  });
});

describe('reset password', () => {
  const start = (code: string, confirm: (input: { code: string; password: string }) => Promise<void>) =>
    createActor(
      resetPasswordMachine.provide({
        actors: {
          confirmReset: fromPromise(({ input }: { input: { code: string; password: string } }) => confirm(input)),
        },
      }),
      { input: { code } },
    ).start();

  it('has nothing to do without a code', () => {
    expect(start('', async () => {}).getSnapshot().value).toBe('noCode');
  });

  it('sets the password with the code once, and shows a refusal', async () => {
    const seen: Array<{ code: string; password: string }> = [];
    let refuse = true;
    const actor = start('abc', async (input) => {
      seen.push(input);
      if (refuse) throw new AuthError('auth/weak-password', 'Password should be at least 6 characters');
    });
    actor.send({ type: 'reset.confirm', password: 'abc' });
    await settled(actor);
    expect(actor.getSnapshot().context.error).toBe('Password should be at least 6 characters');
    refuse = false;
    actor.send({ type: 'reset.confirm', password: 'a-new-password' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(seen).toEqual([
      { code: 'abc', password: 'abc' },
      { code: 'abc', password: 'a-new-password' },
    ]);
    expect(actor.getSnapshot().status).toBe('done');
  });
});

describe('credentials', () => {
  it('changes the e-mail and the password, one at a time, saying what happened', async () => {
    const calls: string[] = [];
    const actor = createActor(
      credentialsMachine.provide({
        actors: {
          changeEmail: fromPromise(async ({ input }: { input: { password: string; email: string } }) => {
            calls.push(`email ${input.email}`);
            if (input.password !== 'right') throw new AuthError('auth/wrong-password', 'That password is incorrect.');
            return { uid: 'u', email: input.email, createdAt: '' };
          }),
          changePassword: fromPromise(async ({ input }: { input: { password: string; newPassword: string } }) => {
            calls.push(`password ${input.newPassword}`);
          }),
        },
      }),
    ).start();
    actor.send({ type: 'email.change', password: 'wrong', email: 'a@b.co' });
    // One at a time: a second change while one is made is not taken.
    actor.send({ type: 'password.change', password: 'right', newPassword: 'ignored' });
    await settled(actor);
    expect(actor.getSnapshot().context).toEqual({ form: 'email', error: 'That password is incorrect.', done: null });
    actor.send({ type: 'email.change', password: 'right', email: 'a@b.co' });
    await settled(actor);
    expect(actor.getSnapshot().context).toEqual({ form: 'email', error: null, done: EMAIL_CHANGED });
    actor.send({ type: 'password.change', password: 'right', newPassword: 'new-one' });
    await settled(actor);
    expect(actor.getSnapshot().context).toEqual({ form: 'password', error: null, done: PASSWORD_CHANGED });
    expect(calls).toEqual(['email a@b.co', 'email a@b.co', 'password new-one']);
  });
});

describe('devices', () => {
  it('lists the devices, signs one out and reads the list again', async () => {
    let sessions: DeviceSession[] = [
      { id: 'a', device: 'Chrome on Linux', address: '10.0.0.1', lastSeenAt: '2026-11-29T01:00:00Z', current: true },
      { id: 'b', device: 'Safari on iOS', address: '10.0.0.2', lastSeenAt: '2026-11-28T01:00:00Z', current: false },
    ];
    const actor = createActor(
      devicesMachine.provide({
        actors: {
          listDevices: fromPromise(async () => sessions),
          signOutDevice: fromPromise(async ({ input }: { input: DeviceSession }) => {
            sessions = sessions.filter((session) => session.id !== input.id);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.sessions).toHaveLength(2);
    actor.send({ type: 'devices.signOut', session: sessions[1]! });
    expect(actor.getSnapshot().context.ending).toBe('b');
    await waitFor(actor, (s) => s.matches('ready') && s.context.sessions.length === 1);
    expect(actor.getSnapshot().context.ending).toBeNull();
  });
});

describe('payment method', () => {
  it('shows the card, replaces it, and keeps the form open on a decline', async () => {
    let onFile: CardOnFile = { brand: 'visa', last4: '4242' };
    const actor = createActor(
      paymentMethodMachine.provide({
        actors: {
          loadCard: fromPromise(async (): Promise<CardOnFile | null> => onFile),
          updateCard: fromPromise(async ({ input }: { input: { uid: string; card: CardInput } }) => {
            if (input.card.number.startsWith('4000')) throw new Error('Your card was declined.');
            onFile = { brand: 'mastercard', last4: input.card.number.slice(-4) };
            return onFile;
          }),
        },
      }),
      { input: { uid: 'u' } },
    ).start();
    await waitFor(actor, (s) => s.matches('showing'));
    actor.send({ type: 'card.edit' });
    actor.send({ type: 'card.update', card: { number: '4000000000000002', expiry: '12 / 34', cvc: '123', name: 'A' } });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Your card was declined.');
    actor.send({ type: 'card.update', card: { number: '5555555555554444', expiry: '12 / 34', cvc: '123', name: 'A' } });
    await waitFor(actor, (s) => s.matches('showing'));
    expect(actor.getSnapshot().context).toMatchObject({ card: { brand: 'mastercard', last4: '4444' }, saved: true });
  });
});
