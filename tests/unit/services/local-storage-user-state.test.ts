import { describe, expect, it, vi } from 'vitest';

import {
  createLocalStorageUserState,
  USER_STATE_KEY,
} from '../../../src/services/user-state/local-storage-user-state.ts';
import type { UserState } from '../../../src/services/user-state/user-state.port.ts';

const STATE: UserState = {
  info: { uid: 'uid-alice', email: 'alice@example.com', createdAt: '2022-09-01T10:00:00.000Z' },
  profiles: [
    { id: 'p1', name: 'Alice', activeProfile: true },
    { id: 'p2', name: 'Kids', activeProfile: false },
  ],
};

describe('local-storage user state', () => {
  it("is stored under the key 'user'", () => {
    expect(USER_STATE_KEY).toBe('user');
  });

  it('round-trips save then load under the key "user"', async () => {
    const userState = createLocalStorageUserState(window.localStorage);

    userState.saveUser(STATE.info);
    userState.saveProfiles(STATE.profiles);

    expect(window.localStorage.getItem('user')).not.toBeNull();
    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(STATE);
    await expect(userState.load()).resolves.toEqual(STATE);
  });

  it('round-trips a signed-out state', async () => {
    const userState = createLocalStorageUserState(window.localStorage);

    userState.saveUser(STATE.info);
    userState.saveProfiles(STATE.profiles);
    userState.saveUser(null);

    await expect(userState.load()).resolves.toEqual({ info: null, profiles: [] });
  });

  it('keeps the profiles when the same user is stored again, and drops them for another user', async () => {
    const userState = createLocalStorageUserState(window.localStorage);
    userState.saveUser(STATE.info);
    userState.saveProfiles(STATE.profiles);

    userState.saveUser({ ...STATE.info!, email: 'alice@example.org' });
    await expect(userState.load()).resolves.toEqual({
      info: { ...STATE.info, email: 'alice@example.org' },
      profiles: STATE.profiles,
    });

    const bob = { uid: 'uid-bob', email: 'bob@example.com', createdAt: '2023-01-01T00:00:00.000Z' };
    userState.saveUser(bob);
    await expect(userState.load()).resolves.toEqual({ info: bob, profiles: [] });
  });

  it('uses window.localStorage by default', async () => {
    createLocalStorageUserState().saveUser(STATE.info);
    createLocalStorageUserState().saveProfiles(STATE.profiles);

    expect(JSON.parse(window.localStorage.getItem('user')!)).toEqual(STATE);
    await expect(createLocalStorageUserState().load()).resolves.toEqual(STATE);
  });

  it('loads null when nothing is stored', async () => {
    const userState = createLocalStorageUserState(window.localStorage);

    await expect(userState.load()).resolves.toBeNull();
  });

  it('loads null (and does not throw) from corrupt JSON', async () => {
    window.localStorage.setItem('user', '{"info": {"uid": "u1", "email": ');
    const userState = createLocalStorageUserState(window.localStorage);

    await expect(userState.load()).resolves.toBeNull();
  });

  it.each([
    ['info is a number', '{"info": 5}'],
    ['info is a number with profiles', '{"info": 5, "profiles": []}'],
    ['profiles are missing', '{"info": null}'],
    ['profiles is not an array', '{"info": null, "profiles": {}}'],
    ['info lacks an e-mail', '{"info": {"uid": "u1"}, "profiles": []}'],
    ['info.uid is not a string', '{"info": {"uid": 1, "email": "a@example.com"}, "profiles": []}'],
    ['the value is an array', '[]'],
    ['the value is a string', '"user"'],
    ['the value is null', 'null'],
  ])('loads null from a wrong shape: %s', async (_label, json) => {
    window.localStorage.setItem('user', json);
    const userState = createLocalStorageUserState(window.localStorage);

    await expect(userState.load()).resolves.toBeNull();
  });

  it('loads null when reading the storage throws', async () => {
    const storage = {
      getItem: vi.fn(() => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      }),
    } as unknown as Storage;

    await expect(createLocalStorageUserState(storage).load()).resolves.toBeNull();
    expect(storage.getItem).toHaveBeenCalledWith('user');
  });

  it('does not throw when setItem throws (quota exceeded)', () => {
    const setItem = vi.fn((_key: string, _value: string) => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const storage = { setItem, getItem: () => null } as unknown as Storage;

    expect(() => createLocalStorageUserState(storage).saveUser(STATE.info)).not.toThrow();
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(setItem.mock.calls[0]![0]).toBe('user');
  });

  it('saves only info and profiles, dropping extra keys', () => {
    const userState = createLocalStorageUserState(window.localStorage);
    // Whatever else a stored value carries is not written back.
    window.localStorage.setItem(
      'user',
      JSON.stringify({ ...STATE, password: 'hunter2-secret', token: 'session-token' }),
    );

    userState.saveProfiles(STATE.profiles);

    const stored = window.localStorage.getItem('user')!;
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['info', 'profiles']);
    expect(JSON.parse(stored)).toEqual(STATE);
    expect(stored).not.toContain('hunter2-secret');
    expect(stored).not.toContain('session-token');
  });

  it('a later save replaces the earlier one', async () => {
    const userState = createLocalStorageUserState(window.localStorage);

    userState.saveUser(STATE.info);
    userState.saveProfiles(STATE.profiles);
    userState.saveUser(null);

    await expect(userState.load()).resolves.toEqual({ info: null, profiles: [] });
    expect(window.localStorage.length).toBe(1);
  });
});
