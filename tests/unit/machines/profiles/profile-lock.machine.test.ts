import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import type { ProfileSettings } from '../../../../shared/profiles/profile.schema.ts';
import { profilesMachine } from '../../../../src/machines/profiles/profiles.machine.ts';
import type { ProfilesEmitted } from '../../../../src/machines/profiles/profiles-types.ts';
import type { LockChange, MaturityChange } from '../../../../src/services/account-store/profiles.port.ts';
import type { Profile } from '../../../../src/services/user-state/user-state.port.ts';
import { flush } from '../../support/deferred.ts';

const UID = 'uid-alice';
const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: false, locked: true };
const KIDS: Profile = { id: 'p2', name: 'Kids', activeProfile: true };
const WRONG_PIN = 'That PIN is not right. Try again.';

/** The machine over a server that knows Ann's PIN is 4321 and applies settings as given. */
function harness() {
  const selects: Array<{ id: string; pin?: string }> = [];
  const settings: unknown[] = [];
  const locks: LockChange[] = [];
  const maturities: MaturityChange[] = [];
  let profiles = [ANN, KIDS];
  const machine = profilesMachine.provide({
    actors: {
      listProfiles: fromPromise(async () => profiles),
      selectProfile: fromPromise(async ({ input }: { input: { uid: string; id: string; pin?: string } }) => {
        selects.push({ id: input.id, pin: input.pin });
        const chosen = profiles.find((p) => p.id === input.id)!;
        if (chosen.locked && input.pin !== '4321') throw new Error(WRONG_PIN);
        profiles = profiles.map((p) => ({ ...p, activeProfile: p.id === input.id }));
        return profiles;
      }),
      changeSettings: fromPromise(
        async ({ input }: { input: { uid: string; id: string; settings: ProfileSettings } }) => {
          settings.push(input.settings);
          profiles = profiles.map((p) =>
            p.id === input.id ? { ...p, settings: { ...p.settings, ...input.settings } } : p,
          );
          return profiles;
        },
      ),
      changeGuarded: fromPromise(
        async ({ input }: { input: { uid: string; id: string; lock: LockChange | MaturityChange } }) => {
          if (!('level' in input.lock)) {
            locks.push(input.lock);
            if (input.lock.password !== 'pw') throw new Error('That password is not right.');
            return profiles;
          }
          maturities.push(input.lock);
          if (input.lock.password !== 'pw') throw new Error('That password is not right.');
          const level = input.lock.level;
          profiles = profiles.map((p) => (p.id === input.id ? { ...p, maturity: level } : p));
          return profiles;
        },
      ),
    },
    actions: { persistProfiles: () => {} },
  });
  const actor = createActor(machine, { input: { uid: UID, profiles } });
  const emitted: ProfilesEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return { actor, selects, settings, locks, maturities, emitted, snapshot: () => actor.getSnapshot() };
}

describe('profiles machine: a locked profile', () => {
  it('asks for the PIN before sending anything, then selects with it', async () => {
    const { actor, selects, emitted, snapshot } = harness();
    await flush();
    actor.send({ type: 'profiles.select', id: 'p1' });
    expect(snapshot().value).toEqual({ ready: { unlocking: 'idle' } });
    expect(snapshot().context.unlocking).toBe('p1');
    expect(selects).toEqual([]);

    actor.send({ type: 'profiles.unlock', pin: '4321' });
    await flush();
    expect(selects).toEqual([{ id: 'p1', pin: '4321' }]);
    expect(snapshot().context.profiles.find((p) => p.activeProfile)?.id).toBe('p1');
    expect(snapshot().context).toMatchObject({ unlocking: null, choice: null });
    expect(emitted).toEqual(['profiles.selected']);
  });

  it('asks again, saying why, after a wrong PIN, and forgets the PIN it was given', async () => {
    const { actor, snapshot, emitted } = harness();
    await flush();
    actor.send({ type: 'profiles.select', id: 'p1' });
    actor.send({ type: 'profiles.unlock', pin: '0000' });
    await flush();
    expect(snapshot().value).toEqual({ ready: { unlocking: 'failed' } });
    expect(snapshot().hasTag('error')).toBe(true);
    expect(snapshot().context).toMatchObject({ error: WRONG_PIN, unlocking: 'p1', choice: null });
    expect(emitted).toEqual([]);
  });

  it('goes back to the profiles on cancel, the active one unchanged', async () => {
    const { actor, snapshot, selects } = harness();
    await flush();
    actor.send({ type: 'profiles.select', id: 'p1' });
    actor.send({ type: 'profiles.cancelUnlock' });
    expect(snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(snapshot().context.unlocking).toBeNull();
    expect(selects).toEqual([]);
  });

  it('selects an unlocked profile at once', async () => {
    const { actor, selects } = harness();
    await flush();
    actor.send({ type: 'profiles.select', id: 'p2' });
    await flush();
    expect(selects).toEqual([{ id: 'p2', pin: undefined }]);
  });
});

describe('profiles machine: settings and lock', () => {
  it('saves settings and stays in Edit Profile, announcing it', async () => {
    const { actor, settings, snapshot, emitted } = harness();
    await flush();
    actor.send({ type: 'profiles.toggleManage' });
    actor.send({ type: 'profiles.edit', id: 'p2' });
    actor.send({ type: 'profiles.changeSettings', id: 'p2', settings: { autoplayPreviews: false } });
    expect(snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(settings).toEqual([{ autoplayPreviews: false }]);
    expect(snapshot().context.editing).toBe('p2');
    expect(snapshot().context.profiles[1]!.settings).toEqual({ autoplayPreviews: false });
    expect(emitted).toEqual(['profiles.settingsSaved']);
  });

  it("shows the server's refusal of a lock change in manage", async () => {
    const { actor, locks, snapshot } = harness();
    await flush();
    actor.send({ type: 'profiles.toggleManage' });
    actor.send({ type: 'profiles.changeGuarded', id: 'p2', password: 'nope', pin: '1111' });
    await flush();
    expect(locks).toEqual([{ password: 'nope', pin: '1111', pinToAdd: undefined }]);
    expect(snapshot().value).toEqual({ ready: { manage: 'failed' } });
    expect(snapshot().context.error).toBe('That password is not right.');
  });
});

describe('profiles machine: maturity rating', () => {
  it('sets the level with the password and stays in Edit Profile, announcing it', async () => {
    const { actor, maturities, snapshot, emitted } = harness();
    await flush();
    actor.send({ type: 'profiles.toggleManage' });
    actor.send({ type: 'profiles.edit', id: 'p2' });
    actor.send({ type: 'profiles.changeGuarded', id: 'p2', password: 'pw', level: '7+' });
    expect(snapshot().hasTag('busy')).toBe(true);
    await flush();
    expect(maturities).toEqual([{ password: 'pw', level: '7+' }]);
    expect(snapshot().context.editing).toBe('p2');
    expect(snapshot().context.profiles[1]!.maturity).toBe('7+');
    expect(emitted).toEqual(['profiles.settingsSaved']);
  });

  it("shows the server's refusal", async () => {
    const { actor, snapshot } = harness();
    await flush();
    actor.send({ type: 'profiles.toggleManage' });
    actor.send({ type: 'profiles.changeGuarded', id: 'p2', password: 'nope', level: '7+' });
    await flush();
    expect(snapshot().value).toEqual({ ready: { manage: 'failed' } });
    expect(snapshot().context.error).toBe('That password is not right.');
    expect(snapshot().context.profiles[1]!.maturity).toBeUndefined();
  });
});

describe('profiles machine: the door of a locked active profile', () => {
  it('is closed when the app starts on a locked active profile, even without signing in with the form', async () => {
    const locked: Profile[] = [
      { ...ANN, activeProfile: true },
      { ...KIDS, activeProfile: false },
    ];
    const machine = profilesMachine.provide({
      actors: { listProfiles: fromPromise(async () => locked) },
      actions: { persistProfiles: () => {} },
    });
    const actor = createActor(machine, { input: { uid: UID, profiles: locked } }).start();
    expect(actor.getSnapshot().context.door).toBe('deciding');
    await flush();
    expect(actor.getSnapshot().context.door).toBe('choose');
  });

  it("is closed when the server says this device watches as no profile (the account's is locked)", async () => {
    const none: Profile[] = [
      { ...ANN, activeProfile: false },
      { ...KIDS, activeProfile: false },
    ];
    const machine = profilesMachine.provide({
      actors: { listProfiles: fromPromise(async () => none) },
      actions: { persistProfiles: () => {} },
    });
    const actor = createActor(machine, { input: { uid: UID, profiles: none } }).start();
    await flush();
    expect(actor.getSnapshot().context.door).toBe('choose');
  });

  it('closes an open door when the server answers no active profile (it was locked on another device)', async () => {
    const persisted: Profile[] = [ANN, KIDS];
    const machine = profilesMachine.provide({
      actors: {
        listProfiles: fromPromise(async (): Promise<Profile[]> =>
          persisted.map((p) => ({ ...p, activeProfile: false })),
        ),
      },
      actions: { persistProfiles: () => {} },
    });
    const actor = createActor(machine, { input: { uid: UID, profiles: persisted } }).start();
    expect(actor.getSnapshot().context.door).toBe('open');
    await flush();
    expect(actor.getSnapshot().context.door).toBe('choose');
  });

  it('stays open for an unlocked active profile when the app starts', async () => {
    const { snapshot } = harness();
    await flush();
    expect(snapshot().context.door).toBe('open');
  });
});
