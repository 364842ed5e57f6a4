import { describe, expect, it } from 'vitest';

import type { ProfileSettings } from '../../shared/profiles/profile.schema.ts';
import { createHostedProfiles } from '../../src/services/account-store/hosted-profiles.ts';
import { profilesContract } from './profiles.contract.ts';
import { newUid, useHostedFirestore } from './support/hosted-firestore.ts';

const firestore = useHostedFirestore();

profilesContract('hosted adapter, Firestore emulator with the rules mirror', () => ({
  async newCustomer() {
    const uid = newUid();
    return { uid, profiles: createHostedProfiles(firestore.client(uid)) };
  },
}));

describe('hosted adapter: settings', () => {
  it('refuses a subtitle choice not offered, as the embedded server does, storing nothing', async () => {
    const uid = newUid();
    const profiles = createHostedProfiles(firestore.client(uid));
    const [ann] = await profiles.add(uid, 'Ann');
    // Not a type the port allows: what a stale or tampered client could still send.
    const bad = { subtitleColor: 'red' } as unknown as ProfileSettings;
    await expect(profiles.changeSettings(uid, ann!.id, bad)).rejects.toThrow(
      'Those settings are not ones a profile can have.',
    );
    expect((await profiles.list(uid))[0]!.settings).toBeUndefined();
  });
});
