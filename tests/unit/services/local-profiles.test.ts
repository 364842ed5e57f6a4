import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLocalProfiles } from '../../../src/services/account-store/local-profiles.ts';
import type { Profile } from '../../../src/services/user-state/user-state.port.ts';
import { json, stubFetch } from '../support/stub-fetch.ts';

const ANN: Profile = { id: 'p1', name: 'Ann', activeProfile: true };
const KIDS: Profile = { id: 'p2', name: 'Kids', activeProfile: false };
const LIST: Profile[] = [ANN, KIDS];
/** A uid and an id that must be escaped to stay one path segment each. */
const ODD_UID = 'uid/with space?';
const ODD_ID = 'p#1/2';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local profiles: requests', () => {
  it('list GETs /api/documents/customers/{uid}/profiles and resolves the list', async () => {
    const { seen } = stubFetch(() => json({ profiles: LIST }));

    await expect(createLocalProfiles().list('uid-alice')).resolves.toEqual(LIST);

    expect(seen).toEqual([
      { path: '/api/documents/customers/uid-alice/profiles', method: 'GET', body: undefined, contentType: null },
    ]);
  });

  it('add POSTs { name } as JSON to the collection and resolves the whole new list', async () => {
    const added: Profile = { id: 'k3x9', name: 'Zoe', activeProfile: false };
    const { seen } = stubFetch(() => json({ profile: added, profiles: [...LIST, added] }, 201));

    await expect(createLocalProfiles().add('uid-alice', 'Zoe')).resolves.toEqual([...LIST, added]);

    expect(seen).toEqual([
      {
        path: '/api/documents/customers/uid-alice/profiles',
        method: 'POST',
        body: { name: 'Zoe' },
        contentType: 'application/json',
      },
    ]);
  });

  it('rename PATCHes { name } to the profile by id and resolves the whole new list', async () => {
    const renamed: Profile = { ...KIDS, name: 'Children' };
    const { seen } = stubFetch(() => json({ profile: renamed, profiles: [ANN, renamed] }));

    await expect(createLocalProfiles().rename('uid-alice', 'p2', 'Children')).resolves.toEqual([ANN, renamed]);

    expect(seen).toEqual([
      {
        path: '/api/documents/customers/uid-alice/profiles/p2',
        method: 'PATCH',
        body: { name: 'Children' },
        contentType: 'application/json',
      },
    ]);
  });

  it('remove DELETEs the profile by id and resolves the remaining list', async () => {
    const { seen } = stubFetch(() => json({ profiles: [ANN] }));

    await expect(createLocalProfiles().remove('uid-alice', 'p2')).resolves.toEqual([ANN]);

    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'DELETE /api/documents/customers/uid-alice/profiles/p2',
    ]);
    expect(seen[0]!.body).toBeUndefined();
  });

  it("select POSTs to the profile's /select and resolves the list with that profile active", async () => {
    const kidsActive: Profile[] = [
      { ...ANN, activeProfile: false },
      { ...KIDS, activeProfile: true },
    ];
    const { seen } = stubFetch(() => json({ profile: kidsActive[1], profiles: kidsActive }));

    await expect(createLocalProfiles().select('uid-alice', 'p2')).resolves.toEqual(kidsActive);

    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /api/documents/customers/uid-alice/profiles/p2/select',
    ]);
    expect(seen[0]!.body).toBeUndefined();
  });

  it('encodes the uid and the id so each stays one path segment', async () => {
    const { seen } = stubFetch(() => json({ profile: ANN, profiles: LIST }));
    const store = createLocalProfiles();

    await store.list(ODD_UID);
    await store.add(ODD_UID, 'Zoe');
    await store.rename(ODD_UID, ODD_ID, 'Zoe');
    await store.remove(ODD_UID, ODD_ID);
    await store.select(ODD_UID, ODD_ID);

    const collection = '/api/documents/customers/uid%2Fwith%20space%3F/profiles';
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET ${collection}`,
      `POST ${collection}`,
      `PATCH ${collection}/p%231%2F2`,
      `DELETE ${collection}/p%231%2F2`,
      `POST ${collection}/p%231%2F2/select`,
    ]);
  });
});

describe('local profiles: failures', () => {
  it("rejects a 409 with an Error carrying the server's message", async () => {
    stubFetch(() =>
      json({ error: { code: 'already-exists', message: 'You already have a profile called "Ann".' } }, 409),
    );

    const error = await createLocalProfiles()
      .add('uid-alice', 'ann')
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );

    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('You already have a profile called "Ann".');
  });

  it.each([
    ['add', 409, 'resource-exhausted', 'An account can have at most 5 profiles.'],
    ['rename', 400, 'invalid-argument', 'Please enter a profile name.'],
    ['remove', 404, 'not-found', 'That profile does not exist.'],
    ['select', 403, 'permission-denied', 'You cannot reach this account.'],
    ['list', 401, 'unauthenticated', 'Please sign in again.'],
  ] as const)("%s rejects a %i with the server's message", async (method, status, code, message) => {
    stubFetch(() => json({ error: { code, message } }, status));
    const store = createLocalProfiles();
    const calls = {
      add: () => store.add('uid-alice', 'Zoe'),
      rename: () => store.rename('uid-alice', 'p2', ''),
      remove: () => store.remove('uid-alice', 'p9'),
      select: () => store.select('uid-bob', 'p1'),
      list: () => store.list('uid-alice'),
    };

    await expect(calls[method]()).rejects.toThrow(new Error(message));
  });

  it('rejects a network failure with a clear message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    await expect(createLocalProfiles().list('uid-alice')).rejects.toThrow(
      new Error('Could not reach Marquee. Check your connection and try again.'),
    );
  });

  it('rejects a 5xx without a message with the status, not silently', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));

    await expect(createLocalProfiles().select('uid-alice', 'p1')).rejects.toThrow(
      new Error('The server answered 502.'),
    );
  });

  it('rejects an answer without a profile list instead of handing on undefined', async () => {
    stubFetch(() => json({ profile: ANN }));

    await expect(createLocalProfiles().list('uid-alice')).rejects.toThrow(
      new Error('The server answered without a profile list.'),
    );
  });
});
