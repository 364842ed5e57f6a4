import { createLocalProfiles } from '../../src/services/account-store/local-profiles.ts';
import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import { profilesContract } from './profiles.contract.ts';
import { uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

profilesContract('local adapter, embedded server', () => ({
  async newCustomer() {
    const { api } = server.client();
    const { uid } = await createLocalAuth({ api }).signUp(uniqueEmail(), 'secret-password');
    const profiles = createLocalProfiles({ api });
    // Sign-up gives every account a first profile (auth.contract.ts covers it); the port's
    // contract starts from none, as a hosted customer's does.
    const [first] = await profiles.list(uid);
    await profiles.remove(uid, first!.id);
    return { uid, profiles };
  },
}));
