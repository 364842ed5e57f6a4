import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { profilesMachine } from '../../../../src/machines/profiles/profiles.machine.ts';
import type { ProfilesEmitted, ProfilesInput } from '../../../../src/machines/profiles/profiles-types.ts';
import type { Profile } from '../../../../src/services/user-state/user-state.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

// ---------------------------------------------------------------------------------------------
// Fakes: each actor records its input and returns a promise the test settles by hand.
// ---------------------------------------------------------------------------------------------

const UID = 'uid-alice';
const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: true };
const KIDS: Profile = { id: 'p2', name: 'Kids', activeProfile: false };
const BEN: Profile = { id: 'p3', name: 'Ben', activeProfile: false };
/** The session's persisted (possibly stale) copy. */
const CACHED: Profile[] = [ANN, KIDS];
/** What the server holds. */
const SERVER: Profile[] = [ANN, KIDS, BEN];

interface Call<I> {
  input: I;
  result: Deferred<Profile[]>;
}

function fake<I>(calls: Call<I>[]) {
  return fromPromise<Profile[], I>(({ input }) => {
    const result = deferred<Profile[]>();
    calls.push({ input, result });
    return result.promise;
  });
}

function createHarness(input: ProfilesInput = { uid: UID, profiles: CACHED }) {
  const calls = {
    list: [] as Call<{ uid: string }>[],
    add: [] as Call<{ uid: string; name: string }>[],
    rename: [] as Call<{ uid: string; id: string; name: string }>[],
    remove: [] as Call<{ uid: string; id: string }>[],
    select: [] as Call<{ uid: string; id: string }>[],
  };
  const persistProfiles = vi.fn((_args: unknown, _profiles: Profile[]) => {});
  const machine = profilesMachine.provide({
    actors: {
      listProfiles: fake(calls.list),
      addProfile: fake(calls.add),
      renameProfile: fake(calls.rename),
      deleteProfile: fake(calls.remove),
      selectProfile: fake(calls.select),
    },
    actions: { persistProfiles },
  });
  const actor = createActor(machine, { input });
  const emitted: ProfilesEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();

  const settle = async <I>(list: Call<I>[], outcome: { resolve: Profile[] } | { reject: unknown }) => {
    const call = list.at(-1);
    if (!call) throw new Error('the actor was never invoked');
    if ('resolve' in outcome) call.result.resolve(outcome.resolve);
    else call.result.reject(outcome.reject);
    await flush();
  };

  return {
    actor,
    calls,
    profilesChanged: persistProfiles,
    /** The lists handed to persistProfiles, in order. */
    changes: () => persistProfiles.mock.calls.map(([, profiles]) => profiles),
    /** The events emitted for screens to move on, in order. */
    emitted,
    snapshot: () => actor.getSnapshot(),
    settle,
    /** Starts the machine and lets the server's list arrive. */
    async loaded(profiles: Profile[] = SERVER) {
      await settle(calls.list, { resolve: profiles });
    },
  };
}

async function readyIn(mode: 'browse' | 'manage', profiles: Profile[] = SERVER) {
  const harness = createHarness();
  await harness.loaded(profiles);
  if (mode === 'manage') harness.actor.send({ type: 'profiles.toggleManage' });
  harness.profilesChanged.mockClear();
  return harness;
}

// ---------------------------------------------------------------------------------------------

describe('profiles machine: loading', () => {
  it('shows the cached list from input at once while it asks the server for the uid from input', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().hasTag('loading')).toBe(true);
    expect(harness.snapshot().context).toEqual({
      uid: UID,
      profiles: CACHED,
      mode: 'browse',
      editing: null,
      error: null,
      door: 'open',
      askWho: false,
      unlocking: null,
      choice: null,
    });
    expect(harness.calls.list.map((call) => call.input)).toEqual([{ uid: UID }]);
  });

  it("replaces the list with the server's, lands in browse and hands the list to profilesChanged", async () => {
    const harness = createHarness();

    await harness.loaded(SERVER);

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.changes()).toEqual([SERVER]);
  });

  it('shows an empty list when the server has none (a new account)', async () => {
    const harness = createHarness({ uid: UID, profiles: [] });

    await harness.loaded([]);

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual([]);
  });

  it('on failure keeps the cached list, shows the error (tag error) and offers profiles.retry', async () => {
    const harness = createHarness();

    await harness.settle(harness.calls.list, {
      reject: new Error('Could not reach Marquee. Check your connection and try again.'),
    });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'failed' } });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.profiles).toEqual(CACHED);
    expect(harness.snapshot().context.error).toBe('Could not reach Marquee. Check your connection and try again.');
    expect(harness.snapshot().can({ type: 'profiles.retry' })).toBe(true);
    expect(harness.profilesChanged).not.toHaveBeenCalled();
  });

  it("keeps a non-Error rejection's text readable", async () => {
    const harness = createHarness();

    await harness.settle(harness.calls.list, { reject: 'timeout' });

    expect(harness.snapshot().context.error).toBe('timeout');
  });

  it("'profiles.retry' reads the list again (error cleared while loading) and then shows it", async () => {
    const harness = createHarness();
    await harness.settle(harness.calls.list, { reject: new Error('The server answered 503.') });

    harness.actor.send({ type: 'profiles.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.calls.list.map((call) => call.input)).toEqual([{ uid: UID }, { uid: UID }]);

    await harness.loaded(SERVER);

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.changes()).toEqual([SERVER]);
  });

  it("ignores the screens' operations while loading", () => {
    const harness = createHarness();

    harness.actor.send({ type: 'profiles.add', name: 'Ben' });
    harness.actor.send({ type: 'profiles.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.calls.add).toHaveLength(0);
    expect(harness.calls.list).toHaveLength(1);
  });

  it("takes a 'profiles.select' while loading (the top bar's menu is live): the server's answer is the list", async () => {
    const KIDS_ACTIVE: Profile[] = [{ ...ANN, activeProfile: false }, { ...KIDS, activeProfile: true }, BEN];
    const harness = createHarness();

    harness.actor.send({ type: 'profiles.select', id: 'p2' });

    expect(harness.snapshot().value).toEqual({ ready: 'selecting' });
    expect(harness.calls.select.map((call) => call.input)).toEqual([{ uid: UID, id: 'p2' }]);
    await harness.settle(harness.calls.select, { resolve: KIDS_ACTIVE });
    // The abandoned read answering late changes nothing.
    await harness.settle(harness.calls.list, { resolve: SERVER });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(KIDS_ACTIVE);
    expect(harness.changes()).toEqual([KIDS_ACTIVE]);
    expect(harness.emitted).toEqual(['profiles.selected']);
  });

  it("keeps the screen's mode when a 'profiles.select' comes while a manage screen's list is read", async () => {
    const harness = createHarness();
    await harness.loaded();
    harness.actor.send({ type: 'profiles.open', mode: 'manage' });

    harness.actor.send({ type: 'profiles.select', id: 'p2' });
    await harness.settle(harness.calls.select, { resolve: SERVER });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
  });

  it("a 'profiles.toggleManage' while loading is kept: the list then opens in manage mode", async () => {
    const harness = createHarness();

    harness.actor.send({ type: 'profiles.toggleManage' });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().context.mode).toBe('manage');

    await harness.loaded();

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
  });
});

describe('profiles machine: manage mode', () => {
  it("'profiles.toggleManage' switches between browse and manage, and the mode is in context", async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.toggleManage' });
    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.mode).toBe('manage');

    harness.actor.send({ type: 'profiles.toggleManage' });
    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.mode).toBe('browse');
  });

  it("'profiles.edit' opens a known profile by id; 'profiles.cancelEdit' closes it", async () => {
    const harness = await readyIn('manage');

    harness.actor.send({ type: 'profiles.edit', id: 'p2' });
    expect(harness.snapshot().context.editing).toBe('p2');

    harness.actor.send({ type: 'profiles.cancelEdit' });
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
  });

  it("ignores 'profiles.edit' for an id not in the list (ids, not names: 'Kids' is no id)", async () => {
    const harness = await readyIn('manage');

    harness.actor.send({ type: 'profiles.edit', id: 'Kids' });

    expect(harness.snapshot().context.editing).toBeNull();
  });

  it("ignores 'profiles.edit', 'profiles.rename' and 'profiles.delete' in browse mode", async () => {
    const harness = await readyIn('browse');

    expect(harness.snapshot().can({ type: 'profiles.edit', id: 'p2' })).toBe(false);
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });
    harness.actor.send({ type: 'profiles.rename', id: 'p2', name: 'Children' });
    harness.actor.send({ type: 'profiles.delete', id: 'p2' });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.calls.rename).toHaveLength(0);
    expect(harness.calls.remove).toHaveLength(0);
  });

  it("takes 'profiles.select' in manage mode too (the top bar's menu, on any page), and stays in manage", async () => {
    const harness = await readyIn('manage');
    const KIDS_ACTIVE: Profile[] = [{ ...ANN, activeProfile: false }, { ...KIDS, activeProfile: true }, BEN];

    harness.actor.send({ type: 'profiles.select', id: 'p2' });
    await harness.settle(harness.calls.select, { resolve: KIDS_ACTIVE });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(KIDS_ACTIVE);
    expect(harness.emitted).toEqual(['profiles.selected']);
  });

  it('leaving manage mode closes the edit form', async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.toggleManage' });

    expect(harness.snapshot().context.editing).toBeNull();
  });
});

describe('profiles machine: select', () => {
  const KIDS_ACTIVE: Profile[] = [{ ...ANN, activeProfile: false }, { ...KIDS, activeProfile: true }, BEN];

  it('is busy while the server makes the profile active, then announces profiles.selected', async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.select', id: 'p2' });

    expect(harness.snapshot().value).toEqual({ ready: 'selecting' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.calls.select.map((call) => call.input)).toEqual([{ uid: UID, id: 'p2' }]);

    await harness.settle(harness.calls.select, { resolve: KIDS_ACTIVE });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.emitted).toEqual(['profiles.selected']);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.profiles).toEqual(KIDS_ACTIVE);
    expect(harness.changes()).toEqual([KIDS_ACTIVE]);
    const [changed] = harness.changes();
    expect(changed!.filter((profile) => profile.activeProfile).map((profile) => profile.id)).toEqual(['p2']);
  });

  it("on failure stays in browse with the server's message (tag error) and the list unchanged", async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.select', id: 'p9' });
    await harness.settle(harness.calls.select, { reject: new Error('That profile no longer exists.') });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'failed' } });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('That profile no longer exists.');
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.profilesChanged).not.toHaveBeenCalled();
    expect(harness.emitted).toEqual([]);
  });
});

describe('profiles machine: add', () => {
  const WITH_ZOE: Profile[] = [...SERVER, { id: 'p4', name: 'Zoe', activeProfile: false }];

  it('replaces the list with the answer, persists it and announces profiles.added', async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });

    expect(harness.snapshot().value).toEqual({ ready: 'adding' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.calls.add.map((call) => call.input)).toEqual([{ uid: UID, name: 'Zoe' }]);

    await harness.settle(harness.calls.add, { resolve: WITH_ZOE });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(WITH_ZOE);
    expect(harness.emitted).toEqual(['profiles.added']);
    expect(harness.changes()).toEqual([WITH_ZOE]);
  });

  it('passes the typed name through untouched (the server validates)', async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.add', name: '  ' });

    expect(harness.calls.add.map((call) => call.input)).toEqual([{ uid: UID, name: '  ' }]);
  });

  it('the first profile of a new account becomes the list', async () => {
    const harness = await readyIn('browse', []);
    const first: Profile[] = [{ id: 'k3x9', name: 'Ann', activeProfile: true }];

    harness.actor.send({ type: 'profiles.add', name: 'Ann' });
    await harness.settle(harness.calls.add, { resolve: first });

    expect(harness.snapshot().context.profiles).toEqual(first);
    expect(harness.emitted).toEqual(['profiles.added']);
  });

  it('returns to manage mode when it was started there', async () => {
    const harness = await readyIn('manage');

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });
    await harness.settle(harness.calls.add, { resolve: WITH_ZOE });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.mode).toBe('manage');
  });

  it("on failure shows the server's message with the list unchanged; the next operation clears it", async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });
    await harness.settle(harness.calls.add, { reject: new Error('An account can have at most 5 profiles.') });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'failed' } });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('An account can have at most 5 profiles.');
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.emitted).toEqual([]);
    expect(harness.profilesChanged).not.toHaveBeenCalled();

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });

    expect(harness.snapshot().value).toEqual({ ready: 'adding' });
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.calls.add).toHaveLength(2);
  });

  it('keeps a failure in manage mode in manage mode', async () => {
    const harness = await readyIn('manage');

    harness.actor.send({ type: 'profiles.add', name: 'Ann' });
    await harness.settle(harness.calls.add, { reject: new Error('You already have a profile called "Ann".') });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'failed' } });
    expect(harness.snapshot().context.error).toBe('You already have a profile called "Ann".');
  });

  it('ignores a second add (and any other operation) while an add is in flight', async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });
    expect(harness.snapshot().can({ type: 'profiles.add', name: 'Zoe' })).toBe(false);
    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });
    harness.actor.send({ type: 'profiles.select', id: 'p1' });
    harness.actor.send({ type: 'profiles.toggleManage' });
    harness.actor.send({ type: 'profiles.retry' });

    expect(harness.snapshot().value).toEqual({ ready: 'adding' });
    expect(harness.calls.add).toHaveLength(1);
    expect(harness.calls.select).toHaveLength(0);
    expect(harness.calls.list).toHaveLength(1);

    await harness.settle(harness.calls.add, { resolve: WITH_ZOE });

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.calls.add).toHaveLength(1);
  });
});

describe('profiles machine: rename', () => {
  const RENAMED: Profile[] = [ANN, { ...KIDS, name: 'Children' }, BEN];

  it('sends the id, uid and new name, replaces the list, closes the form and reports the change', async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.rename', id: 'p2', name: 'Children' });

    expect(harness.snapshot().value).toEqual({ ready: 'renaming' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.calls.rename.map((call) => call.input)).toEqual([{ uid: UID, id: 'p2', name: 'Children' }]);

    await harness.settle(harness.calls.rename, { resolve: RENAMED });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(RENAMED);
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.changes()).toEqual([RENAMED]);
    expect(harness.emitted).toEqual(['profiles.saved']);
  });

  it("on failure keeps the form open with the server's message and the list unchanged", async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.rename', id: 'p2', name: 'Ann' });
    await harness.settle(harness.calls.rename, { reject: new Error('You already have a profile called "Ann".') });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'failed' } });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('You already have a profile called "Ann".');
    expect(harness.snapshot().context.editing).toBe('p2');
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.profilesChanged).not.toHaveBeenCalled();
  });

  it("'profiles.cancelEdit' after a failure closes the form and clears the error", async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });
    harness.actor.send({ type: 'profiles.rename', id: 'p2', name: '' });
    await harness.settle(harness.calls.rename, { reject: new Error('Please enter a profile name.') });

    harness.actor.send({ type: 'profiles.cancelEdit' });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.snapshot().hasTag('error')).toBe(false);
  });
});

describe('profiles machine: delete', () => {
  const WITHOUT_KIDS: Profile[] = [ANN, BEN];

  it('sends the id, replaces the list without reloading, closes the form and reports the change', async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.delete', id: 'p2' });

    expect(harness.snapshot().value).toEqual({ ready: 'deleting' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.calls.remove.map((call) => call.input)).toEqual([{ uid: UID, id: 'p2' }]);

    await harness.settle(harness.calls.remove, { resolve: WITHOUT_KIDS });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.profiles).toEqual(WITHOUT_KIDS);
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.changes()).toEqual([WITHOUT_KIDS]);
    expect(harness.calls.list).toHaveLength(1); // no reload
    expect(harness.emitted).toEqual(['profiles.saved']);
  });

  it('deleting the active profile takes the list the server answers (another made active)', async () => {
    const harness = await readyIn('manage');
    const answer: Profile[] = [{ ...KIDS, activeProfile: true }, BEN];

    harness.actor.send({ type: 'profiles.delete', id: 'p1' });
    await harness.settle(harness.calls.remove, { resolve: answer });

    expect(harness.snapshot().context.profiles).toEqual(answer);
    expect(harness.changes()).toEqual([answer]);
  });

  it("on failure shows the server's message and keeps the list and the form", async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.delete', id: 'p2' });
    await harness.settle(harness.calls.remove, {
      reject: new Error('Could not reach Marquee. Check your connection and try again.'),
    });

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'failed' } });
    expect(harness.snapshot().context.error).toBe('Could not reach Marquee. Check your connection and try again.');
    expect(harness.snapshot().context.profiles).toEqual(SERVER);
    expect(harness.snapshot().context.editing).toBe('p2');
    expect(harness.profilesChanged).not.toHaveBeenCalled();
  });

  it('ignores a second delete while one is in flight', async () => {
    const harness = await readyIn('manage');

    harness.actor.send({ type: 'profiles.delete', id: 'p2' });
    harness.actor.send({ type: 'profiles.delete', id: 'p2' });
    harness.actor.send({ type: 'profiles.rename', id: 'p3', name: 'Benny' });

    expect(harness.calls.remove).toHaveLength(1);
    expect(harness.calls.rename).toHaveLength(0);
  });
});

describe('profiles machine: refreshing while editing', () => {
  it('a reload that no longer has the profile being edited closes the form; one that has it keeps it', async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });

    harness.actor.send({ type: 'profiles.retry' });
    await harness.loaded(SERVER);
    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.editing).toBe('p2');

    harness.actor.send({ type: 'profiles.retry' });
    await harness.loaded([ANN, BEN]);
    expect(harness.snapshot().context.editing).toBeNull();
    expect(harness.snapshot().context.profiles).toEqual([ANN, BEN]);
  });
});

describe("profiles machine: a screen opens ('profiles.open')", () => {
  it("sets the screen's mode and reads the list again", async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.open', mode: 'manage' });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.calls.list).toHaveLength(2);
    await harness.loaded();

    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.editing).toBeNull();
  });

  it('with a profile to edit: manage mode with it open, dropped when the server no longer has it', async () => {
    const harness = await readyIn('browse');

    harness.actor.send({ type: 'profiles.open', editing: 'p1' });
    expect(harness.snapshot().context).toMatchObject({ mode: 'manage', editing: 'p1' });
    await harness.loaded(SERVER);
    expect(harness.snapshot().context.editing).toBe('p1');

    harness.actor.send({ type: 'profiles.open', editing: 'p1' });
    await harness.loaded([KIDS, BEN]);
    expect(harness.snapshot().value).toEqual({ ready: { manage: 'idle' } });
    expect(harness.snapshot().context.editing).toBeNull();
  });

  it('back in browse mode, an open form and a failure are gone', async () => {
    const harness = await readyIn('manage');
    harness.actor.send({ type: 'profiles.edit', id: 'p2' });
    harness.actor.send({ type: 'profiles.rename', id: 'p2', name: '' });
    await harness.settle(harness.calls.rename, { reject: new Error('Please enter a profile name.') });

    harness.actor.send({ type: 'profiles.open', mode: 'browse' });
    await harness.loaded();

    expect(harness.snapshot().value).toEqual({ ready: { browse: 'idle' } });
    expect(harness.snapshot().context).toMatchObject({ mode: 'browse', editing: null, error: null });
  });
});

describe('profiles machine: "Who\'s Watching?" at sign-in (the door)', () => {
  it('is open at once when not just signed in (returning signed in keeps the active profile)', () => {
    expect(createHarness().snapshot().context.door).toBe('open');
  });

  it('asks to choose when the account has two or more profiles, until one is selected', async () => {
    const harness = createHarness({ uid: UID, profiles: [], door: true });
    expect(harness.snapshot().context.door).toBe('deciding');

    await harness.loaded(SERVER);
    expect(harness.snapshot().context.door).toBe('choose');
    // Reading the list again (a screen opening) does not decide again.
    harness.actor.send({ type: 'profiles.open', mode: 'browse' });
    await harness.loaded(SERVER);
    expect(harness.snapshot().context.door).toBe('choose');

    harness.actor.send({ type: 'profiles.select', id: 'p3' });
    await harness.settle(harness.calls.select, { resolve: SERVER });
    expect(harness.snapshot().context.door).toBe('open');
  });

  it("ignores a 'profiles.select' while deciding (no screen is shown): only the list decides", async () => {
    const harness = createHarness({ uid: UID, profiles: [], door: true });

    harness.actor.send({ type: 'profiles.select', id: 'p3' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.calls.select).toHaveLength(0);
    await harness.loaded(SERVER);
    expect(harness.snapshot().context.door).toBe('choose');
  });

  it('lets the viewer straight in with one profile (or none)', async () => {
    for (const list of [[ANN], []]) {
      const harness = createHarness({ uid: UID, profiles: [], door: true });
      await harness.loaded(list);
      expect(harness.snapshot().context.door).toBe('open');
    }
  });

  it('lets the viewer in when the list cannot be read (the screens then show why)', async () => {
    const harness = createHarness({ uid: UID, profiles: [], door: true });
    await harness.settle(harness.calls.list, { reject: new Error('The server answered 503.') });
    expect(harness.snapshot().context.door).toBe('open');
    expect(harness.snapshot().hasTag('error')).toBe(true);
  });
});

describe('profiles machine: the uid', () => {
  it('every actor receives the uid given as input', async () => {
    const harness = createHarness({ uid: 'uid-bob', profiles: [] });
    await harness.loaded(SERVER);

    harness.actor.send({ type: 'profiles.add', name: 'Zoe' });
    await harness.settle(harness.calls.add, { resolve: SERVER });
    harness.actor.send({ type: 'profiles.toggleManage' });
    harness.actor.send({ type: 'profiles.rename', id: 'p3', name: 'Benny' });
    await harness.settle(harness.calls.rename, { resolve: SERVER });
    harness.actor.send({ type: 'profiles.delete', id: 'p3' });
    await harness.settle(harness.calls.remove, { resolve: SERVER });
    harness.actor.send({ type: 'profiles.toggleManage' });
    harness.actor.send({ type: 'profiles.select', id: 'p1' });

    const uids = [
      ...harness.calls.list,
      ...harness.calls.add,
      ...harness.calls.rename,
      ...harness.calls.remove,
      ...harness.calls.select,
    ].map((call) => call.input.uid);
    expect(uids).toEqual(['uid-bob', 'uid-bob', 'uid-bob', 'uid-bob', 'uid-bob']);
  });
});
