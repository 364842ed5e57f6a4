import { createInMemoryProfiles } from '../../stories/support/in-memory-profiles.ts';
import { createInMemoryWatching } from '../../stories/support/in-memory-watching.ts';
import { myListContract } from './my-list.contract.ts';
import { progressContract } from './progress.contract.ts';
import type { WatchingHarness } from './support/watching-customers.ts';

let customers = 0;

// The stories' fakes, held to the ports' contracts so that stories show what the real adapters do.
const fakeWatchingHarness = (): WatchingHarness => ({
  async newCustomer() {
    const uid = `fake-customer-${++customers}`;
    const profiles = createInMemoryProfiles([], { delayMs: 0, ownerUid: uid });
    const store = createInMemoryWatching({
      delayMs: 0,
      ownerUid: uid,
      hasProfile: async ({ profileId }) => (await profiles.list(uid)).some((profile) => profile.id === profileId),
    });
    await profiles.add(uid, 'Ann');
    const [first, second] = await profiles.add(uid, 'Kids');
    return {
      uid,
      profiles: [
        { uid, profileId: first.id },
        { uid, profileId: second.id },
      ],
      store,
      deleteProfile: async ({ profileId }) => void (await profiles.remove(uid, profileId)),
      fillMyList: async (profile, items) => {
        for (const item of items) await store.myList.add(profile, item);
      },
    };
  },
});

myListContract('story fake, in memory', fakeWatchingHarness);
progressContract('story fake, in memory', fakeWatchingHarness);
