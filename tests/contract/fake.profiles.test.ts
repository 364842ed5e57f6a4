import { createInMemoryProfiles } from '../../stories/support/in-memory-profiles.ts';
import { profilesContract } from './profiles.contract.ts';

let customers = 0;

// The stories' fake, held to the port's contract so that stories show what the real adapters do.
profilesContract('story fake, in memory', () => ({
  async newCustomer() {
    const uid = `fake-customer-${++customers}`;
    return { uid, profiles: createInMemoryProfiles([], { delayMs: 0, ownerUid: uid }) };
  },
}));
