import { progressContract } from './progress.contract.ts';
import { useHostedFirestore } from './support/hosted-firestore.ts';
import { hostedWatchingHarness } from './support/watching-customers.ts';

const firestore = useHostedFirestore();

progressContract('hosted adapter, Firestore emulator with the rules mirror', () => hostedWatchingHarness(firestore));
