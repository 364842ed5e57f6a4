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
