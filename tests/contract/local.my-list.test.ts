import { myListContract } from './my-list.contract.ts';
import { useEmbeddedServer } from './support/embedded-server.ts';
import { localWatchingHarness } from './support/watching-customers.ts';

const server = useEmbeddedServer();

myListContract('local adapter, embedded server', () => localWatchingHarness(server));
