import { EventEmitter } from 'node:events';

/**
 * Carries change notifications between the processes of a cluster (server/cluster/session-relay.ts):
 * a session written on one worker must reach the event streams open on the others.
 */
export interface SessionRelay {
  /** Tells the other processes that a document changed. */
  announce(uid: string, id: string): void;
  /** Calls `listener` for each change another process announces, until the returned function is called. */
  listen(listener: (uid: string, id: string) => void): () => void;
}

/**
 * Change notifications for checkout session documents, keyed by customer and document id:
 * whatever writes a session publishes, and each open event stream listens to its one document.
 * Listeners get no payload: they read the document afresh, so they always send what is stored.
 * With a relay, changes published by other workers are heard too, and this one's are passed on.
 */
export class SessionEvents {
  readonly #emitter = new EventEmitter();
  readonly #relay: SessionRelay | undefined;
  readonly #stopListening: () => void;

  constructor(relay?: SessionRelay) {
    // Any number of tabs may watch documents; each stream removes its listener when it closes.
    this.#emitter.setMaxListeners(0);
    this.#relay = relay;
    this.#stopListening = relay?.listen((uid, id) => this.#emit(uid, id)) ?? (() => {});
  }

  #emit(uid: string, id: string): void {
    this.#emitter.emit(`${uid}/${id}`);
  }

  publish(uid: string, id: string): void {
    this.#emit(uid, id);
    this.#relay?.announce(uid, id);
  }

  /** Calls `listener` on every change to the document, until the returned function is called. */
  subscribe(uid: string, id: string, listener: () => void): () => void {
    const key = `${uid}/${id}`;
    this.#emitter.on(key, listener);
    return () => this.#emitter.off(key, listener);
  }

  /** How many streams are listening to a document (for tests of the clean-up). */
  listenerCount(uid: string, id: string): number {
    return this.#emitter.listenerCount(`${uid}/${id}`);
  }

  /** Stops hearing other workers' changes (the server is closing). */
  close(): void {
    this.#stopListening();
  }
}
