import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import { authContract } from './auth.contract.ts';
import { uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

authContract('local adapter, embedded server', () => ({
  newAuth: () => createLocalAuth({ api: server.client().api }),
  uniqueEmail,
}));
