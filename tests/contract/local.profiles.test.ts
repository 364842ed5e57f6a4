import { createLocalProfiles } from '../../src/services/account-store/local-profiles.ts';
import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import { profilesContract } from './profiles.contract.ts';
import { uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

profilesContract('local adapter, embedded server', () => ({
  async newCustomer() {
    const { api } = server.client();
    const { uid } = await createLocalAuth({ api }).signUp(uniqueEmail(), 'secret-password');
    return { uid, profiles: createLocalProfiles({ api }) };
  },
}));
