/**
 * The queue every uncached image render waits in. Renders are CPU work on libuv's thread pool,
 * the same pool that reads video segments from disk: left unbounded, fifty at once filled the
 * pool and every core, and another viewer's segment reads waited seconds behind them. So:
 *
 * - at most `concurrency` renders run at once (a process's share of the cores), each on one
 *   libvips thread (render.ts), leaving the rest of the pool to file reads;
 * - clients take turns: the next render started is that of the waiting client that has started
 *   the fewest while it has held any, so a client with fifty renders queued delays another's
 *   first one by at most the renders already running;
 * - a client holds at most `perClient` renders, queued or running, and the queue at most
 *   `maxQueued`; past either, `schedule` refuses at once with QueueFull (the route answers 429 or 503
 *   with Retry-After) rather than holding the request and its memory.
 *
 * p-limit bounds concurrency but serves in arrival order, with no notion of whose work it is;
 * the turn-taking is the point here, so it is written out (a few lines).
 */

export interface RenderQueueOptions {
  /** Renders running at once. */
  concurrency: number;
  /** Renders one client may have queued or running. */
  perClient: number;
  /** Renders queued (not yet running) across all clients. */
  maxQueued: number;
}

/** A render refused: this client holds too many (`client`), or the whole queue is full (`queue`). */
export class QueueFull extends Error {
  constructor(
    readonly reason: 'client' | 'queue',
    /** Seconds after which a retry will likely be taken, from the work ahead of it. */
    readonly retryAfter: number,
  ) {
    super(reason === 'client' ? 'this client has too many renders waiting' : 'the render queue is full');
  }
}

export class RenderQueue {
  readonly #options: RenderQueueOptions;
  /** Each waiting client's starts, in arrival order (a Map keeps it: ties go to the earlier). */
  readonly #waiting = new Map<string, Array<() => void>>();
  /** Renders each client holds, queued or running. */
  readonly #held = new Map<string, number>();
  /** Renders each client has started since it last held none: whose turn it is. */
  readonly #started = new Map<string, number>();
  #running = 0;
  #queued = 0;
  /** A running average of how long a render takes, for Retry-After. */
  #averageMs = 100;

  constructor(options: RenderQueueOptions) {
    this.#options = {
      concurrency: Math.max(1, Math.floor(options.concurrency)),
      perClient: Math.max(1, Math.floor(options.perClient)),
      maxQueued: Math.max(0, Math.floor(options.maxQueued)),
    };
  }

  /** Runs `task` in `client`'s turn; rejects with QueueFull at once when it may not wait. */
  schedule<T>(client: string, task: () => Promise<T>): Promise<T> {
    const held = this.#held.get(client) ?? 0;
    if (held >= this.#options.perClient) return Promise.reject(new QueueFull('client', this.#wait(held)));
    if (this.#running >= this.#options.concurrency && this.#queued >= this.#options.maxQueued) {
      return Promise.reject(new QueueFull('queue', this.#wait(this.#queued)));
    }
    this.#held.set(client, held + 1);
    this.#queued++;
    const turn = new Promise<void>((start) => {
      const queue = this.#waiting.get(client);
      if (queue) queue.push(start);
      else this.#waiting.set(client, [start]);
    });
    this.#pump();
    return turn.then(async () => {
      const started = performance.now();
      try {
        return await task();
      } finally {
        this.#averageMs = this.#averageMs * 0.8 + (performance.now() - started) * 0.2;
        this.#running--;
        const left = (this.#held.get(client) ?? 1) - 1;
        if (left > 0) this.#held.set(client, left);
        else {
          this.#held.delete(client);
          this.#started.delete(client);
        }
        this.#pump();
      }
    });
  }

  /** Renders running, queued, and the clients holding any (for tests and the bench). */
  get stats() {
    return { running: this.#running, queued: this.#queued, clients: this.#held.size };
  }

  #pump() {
    while (this.#running < this.#options.concurrency && this.#waiting.size > 0) {
      let client = '';
      let fewest = Infinity;
      for (const waiting of this.#waiting.keys()) {
        const started = this.#started.get(waiting) ?? 0;
        if (started < fewest) [client, fewest] = [waiting, started];
      }
      const starts = this.#waiting.get(client)!;
      const start = starts.shift()!;
      if (starts.length === 0) this.#waiting.delete(client);
      this.#started.set(client, fewest + 1);
      this.#running++;
      this.#queued--;
      start();
    }
  }

  /** Whole seconds for `ahead` renders to pass through the running slots (at least 1). */
  #wait(ahead: number): number {
    return Math.max(1, Math.ceil((ahead * this.#averageMs) / this.#options.concurrency / 1000));
  }
}
