import { createLocalProfiles } from '../../src/services/account-store/local-profiles.ts';
import type { AuthService } from '../../src/services/auth/auth.port.ts';
import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import type { ApiClient } from '../../src/services/http/api-client.ts';
import { authContract } from './auth.contract.ts';
import { uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

/** Each adapter's own browser (its session cookie), for the profiles the same person reaches. */
const browsers = new WeakMap<AuthService, ApiClient>();

authContract('local adapter, embedded server', () => ({
  newAuth() {
    const { api } = server.client();
    const auth = createLocalAuth({ api });
    browsers.set(auth, api);
    return auth;
  },
  uniqueEmail,
  profilesOf: (auth) => createLocalProfiles({ api: browsers.get(auth)! }),
}));
