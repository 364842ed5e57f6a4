import { EventEmitter } from 'node:events';

/**
 * In-process change notifications for checkout session documents, keyed by customer and
 * document id: whatever writes a session publishes, and each open event stream listens to its
 * one document. Listeners get no payload: they read the document afresh, so they always send
 * what is stored.
 */
export class SessionEvents {
  readonly #emitter = new EventEmitter();

  constructor() {
    // Any number of tabs may watch documents; each stream removes its listener when it closes.
    this.#emitter.setMaxListeners(0);
  }

  publish(uid: string, id: string): void {
    this.#emitter.emit(`${uid}/${id}`);
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
}
