import type { EndedSessions } from '../accounts/session-cache.ts';

/**
 * Every message a cluster's primary and workers send each other over the IPC channel, in one
 * place: the primary (primary.ts), a worker (serve.ts) and the relays (session-relay.ts,
 * ended-sessions-relay.ts) import them from here.
 */

// ---- A worker's retirement (serve.ts and primary.ts) ----

/** What the primary sends a worker it retires (a rolling restart, or the cluster stopping). */
export const STOP_MESSAGE = 'marquee:stop';
/** A retired worker's last word: it has closed its server and asks whether it may exit. */
export const CLOSED_MESSAGE = 'marquee:closed';
/** The primary's answer: every connection it handed this worker has reached it before this message. */
export const MAY_EXIT_MESSAGE = 'marquee:may-exit';

// ---- Checkout session changes (session-relay.ts) ----

/** The IPC message a worker sends its primary, and the primary passes on to the other workers. */
export interface SessionsChanged {
  type: 'marquee:sessions-changed';
  changes: Array<{ uid: string; id: string }>;
}

export function isSessionsChanged(message: unknown): message is SessionsChanged {
  const m = message as Partial<SessionsChanged> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'marquee:sessions-changed' &&
    Array.isArray(m.changes) &&
    m.changes.every((change) => typeof change?.uid === 'string' && typeof change.id === 'string')
  );
}

// ---- Ended sign-in sessions (ended-sessions-relay.ts) ----

/** A worker tells the primary; `ref` is the worker's own, for the answer. */
export interface Ended {
  type: 'marquee:sessions-ended';
  ref: number;
  ended: EndedSessions;
}
/** The primary asks another worker to forget; `id` is the primary's, for the acknowledgement. */
export interface Forget {
  type: 'marquee:forget-sessions';
  id: number;
  ended: EndedSessions;
}
export interface Forgotten {
  type: 'marquee:sessions-forgotten';
  id: number;
}
/** The primary answers the worker that ended them: every other worker has forgotten them. */
export interface EndedEverywhere {
  type: 'marquee:sessions-ended-everywhere';
  ref: number;
}

const isObject = (message: unknown): message is Record<string, unknown> =>
  typeof message === 'object' && message !== null;

function isEndedSessions(value: unknown): value is EndedSessions {
  return isObject(value) && (typeof value.key === 'string' || typeof value.uid === 'string');
}

const isMessage =
  <M extends { type: string }>(type: M['type'], number: 'ref' | 'id', withEnded: boolean) =>
  (message: unknown): message is M =>
    isObject(message) &&
    message.type === type &&
    typeof message[number] === 'number' &&
    (!withEnded || isEndedSessions(message.ended));

export const isEnded = isMessage<Ended>('marquee:sessions-ended', 'ref', true);
export const isForget = isMessage<Forget>('marquee:forget-sessions', 'id', true);
export const isForgotten = isMessage<Forgotten>('marquee:sessions-forgotten', 'id', false);
export const isEndedEverywhere = isMessage<EndedEverywhere>('marquee:sessions-ended-everywhere', 'ref', false);

// ---- The studio's library commands (library-control-relay.ts) ----

/** A worker asks the primary, which scans and runs ingest, to run a library command. */
export interface LibraryCommand {
  type: 'marquee:library-command';
  ref: number;
  command: 'retry' | 'rescan';
  /** For `retry`. */
  ingestKey?: string;
}
/** The primary's answer once the command is done; `error` when it was refused. */
export interface LibraryCommandDone {
  type: 'marquee:library-command-done';
  ref: number;
  error?: { code: string; message: string };
}

export function isLibraryCommand(message: unknown): message is LibraryCommand {
  return (
    isObject(message) &&
    message.type === 'marquee:library-command' &&
    typeof message.ref === 'number' &&
    (message.command === 'rescan' || (message.command === 'retry' && typeof message.ingestKey === 'string'))
  );
}

export function isLibraryCommandDone(message: unknown): message is LibraryCommandDone {
  return (
    isObject(message) &&
    message.type === 'marquee:library-command-done' &&
    typeof message.ref === 'number' &&
    (message.error === undefined ||
      (isObject(message.error) && typeof message.error.code === 'string' && typeof message.error.message === 'string'))
  );
}
