import { createMediaHostGrants } from '../../src/services/playback/media-host-grants.ts';
import { grantsContract } from './grants.contract.ts';
import { useEmbeddedServer } from './support/embedded-server.ts';
import { embeddedSubscribers } from './support/embedded-subscriber.ts';

const server = useEmbeddedServer();
const subscribers = embeddedSubscribers(server);
const uids = new WeakMap<object, string>();

grantsContract('local adapter, embedded server', () => ({
  async newViewer() {
    const { uid, client } = await subscribers.signUp();
    const viewer = { grants: createMediaHostGrants(client.api) };
    uids.set(viewer, uid);
    return viewer;
  },
  subscribeToStandard: (viewer) => subscribers.subscribeToStandard({ uid: uids.get(viewer)! }),
  fetchMedia: (path) => fetch(`${server.origin}${path}`),
}));
