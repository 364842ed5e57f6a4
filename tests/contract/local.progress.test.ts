import { progressContract } from './progress.contract.ts';
import { useEmbeddedServer } from './support/embedded-server.ts';
import { localWatchingHarness } from './support/watching-customers.ts';

const server = useEmbeddedServer();

progressContract('local adapter, embedded server', () => localWatchingHarness(server));
