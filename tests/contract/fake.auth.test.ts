import type { ProfilesStore } from '../../src/services/account-store/profiles.port.ts';
import { createInMemoryAccounts, createInMemoryAuth } from '../../stories/support/in-memory-auth.ts';
import { createInMemoryProfiles } from '../../stories/support/in-memory-profiles.ts';
import { authContract } from './auth.contract.ts';

let emails = 0;

// The stories' fake, held to the port's contract so that stories show what the real adapters do:
// one set of accounts, each browser an adapter of its own.
const accounts = createInMemoryAccounts();
const profilesByUid = new Map<string, ProfilesStore>();
const profilesOf = (uid: string): ProfilesStore => {
  if (!profilesByUid.has(uid)) profilesByUid.set(uid, createInMemoryProfiles([], { delayMs: 0, ownerUid: uid }));
  return profilesByUid.get(uid)!;
};
// Each account's profiles, as one server holds them.
const profiles: ProfilesStore = {
  list: (uid) => profilesOf(uid).list(uid),
  add: (uid, name) => profilesOf(uid).add(uid, name),
  rename: (uid, id, name) => profilesOf(uid).rename(uid, id, name),
  changeSettings: (uid, id, settings) => profilesOf(uid).changeSettings(uid, id, settings),
  changeLock: (uid, id, lock) => profilesOf(uid).changeLock(uid, id, lock),
  changeMaturity: (uid, id, change) => profilesOf(uid).changeMaturity(uid, id, change),
  remove: (uid, id) => profilesOf(uid).remove(uid, id),
  select: (uid, id) => profilesOf(uid).select(uid, id),
};

authContract('story fake, in memory', () => ({
  newAuth: () => createInMemoryAuth(accounts, { delayMs: 0, profiles }),
  uniqueEmail: () => `fake-${++emails}@example.com`,
  profilesOf: () => profiles,
}));
