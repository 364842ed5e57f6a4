import type { ServerResponse } from 'node:http';
import { availableParallelism } from 'node:os';

import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import pLimit from 'p-limit';

// OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane.
// `algorithm: 2` is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// Hashing runs on libuv's pool (4 threads); on a machine with fewer cores, a rush of sign-ins
// would leave the event loop a fraction of a core, and every other request would wait behind
// them. At most one hash per core: a rush then queues its sign-ins (each still takes the same
// CPU) while browsing keeps its latency (bench:load: reads p99 from 240 ms to 92 ms at 200
// sign-ins at once on 2 cores, the sign-ins' p99 from 3.6 s to 7.4 s).
let oneHashPerCore = pLimit(availableParallelism());

/**
 * How many hashes this process runs at once: a cluster's workers share the cores, so each takes
 * its share (server/serve.ts), and the machine still hashes at most one password per core.
 */
export function limitHashing(atOnce: number): void {
  oneHashPerCore = pLimit(Math.max(1, atOnce));
}

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => argon2Hash(password, OPTIONS));
}

/**
 * Checks a password against its hash, after the hashes queued before it. A check whose client has
 * gone (`abandoned` fired while it waited) is dropped when its turn comes, unhashed, and answers
 * false: nobody is there to sign in, and a rush of sign-ins that time out and retry would
 * otherwise hash every abandoned attempt first. The caller's throttle has counted the attempt
 * already, and an attempt that answers false keeps it counted.
 */
export function verifyPassword(passwordHash: string, password: string, abandoned?: AbortSignal): Promise<boolean> {
  return oneHashPerCore(() => (abandoned?.aborted ? false : argon2Verify(passwordHash, password)));
}

// Verifying against this when the e-mail is unknown makes a miss cost as long as a wrong
// password, so response times do not reveal which e-mails have accounts.
let decoyHash: Promise<string> | undefined;
export function verifyDecoy(password: string, abandoned?: AbortSignal): Promise<boolean> {
  decoyHash ??= hashPassword('decoy password that matches nothing');
  return decoyHash.then((h) => verifyPassword(h, password, abandoned)).then(() => false);
}

/**
 * Fires when the client goes away before its answer is sent (its connection closed). Not the
 * request's own 'close' (nor Fastify's request.signal, built on it): on Node 20 that fires as soon
 * as a request body has been read, with the client still waiting.
 */
export function whenAbandoned(response: ServerResponse): AbortSignal {
  const controller = new AbortController();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}
