// The load generator's HTTP side: one keep-alive connection pool shared by every virtual user,
// and the per-operation figures (latency histograms, counts, errors by kind).
//
// undici's Pool, through its `dispatch` handler (the layer its own `request` and fetch are built
// on): on a 2-core machine the load generator competes with the server for CPU, and every
// CPU-millisecond it spends is one the server does not get; a busy generator event loop also
// delays reading answers that have already arrived, which shows up as server latency. Measured
// against the same server, interleaved, on a loaded machine: node:http 71–78 µs of generator CPU
// per request, undici's `request` 53–56, `dispatch` 49–51 (no stream per answer); the server
// also spent less per request (about 113 µs against 92–102 µs, fewer and fuller socket writes).
// The requests are the same: method, path, headers (cookie, Origin, content type) and body, each
// answer read to its end on a kept-alive connection. Cookies are kept per virtual user by hand
// (one session cookie each).
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

import { type Dispatcher, Pool } from 'undici';

export interface Answer {
  status: number;
  body: string;
  setCookie: string[];
}

export interface SendOptions {
  cookie?: string;
  json?: unknown;
  /**
   * Read the answer to its end but keep none of it: a row or a search result is of no use to
   * the user's next step, and decoding and parsing 10 kB of JSON per answer would cost the
   * client CPU that the server on the same two cores then does not get.
   */
  discardBody?: boolean;
  /** X-Forwarded-For: the virtual user's own address, as a proxy the server trusts reports it. */
  forwardedFor?: string;
}

/** No answer within this long is a network error (the app's own API client gives up after 10 s). */
const TIMEOUT_MS = 10_000;

export class HttpClient {
  private readonly pool: Pool;
  /** The server's own origin, sent as `Origin` on writes as a browser on the page would. */
  readonly origin: string;

  constructor(base: URL, connections: number) {
    // One connection per virtual user at most (each has one request in flight, no pipelining),
    // kept open between requests as a browser keeps its connection to the site.
    this.pool = new Pool(base.origin, { connections, headersTimeout: TIMEOUT_MS, bodyTimeout: TIMEOUT_MS });
    this.origin = base.origin;
  }

  /**
   * This client as seen from `address`: each virtual user is its own visitor, so the per-address
   * sign-in throttle counts each on its own (the server trusts 127.0.0.1 as a proxy, TRUST_PROXY).
   */
  from(address: string): Pick<HttpClient, 'send' | 'origin'> {
    return {
      origin: this.origin,
      send: (method, path, options = {}) => this.send(method, path, { ...options, forwardedFor: address }),
    };
  }

  send(
    method: string,
    path: string,
    { cookie, json, discardBody = false, forwardedFor }: SendOptions = {},
  ): Promise<Answer> {
    const body = json === undefined ? null : JSON.stringify(json);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookie) headers.cookie = cookie;
    if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
    // Browsers send Origin with every fetch that is not a GET; the same-origin check accepts it
    // because it is this Host's own origin, and checkout reads it as the site's origin.
    if (method !== 'GET') headers.origin = this.origin;
    // undici sets content-length from the string body.
    if (body !== null) headers['content-type'] = 'application/json';
    return new Promise((resolve, reject) => {
      let status = 0;
      let setCookie: string[] = [];
      const chunks: Buffer[] = [];
      const handler: Dispatcher.DispatchHandler = {
        // Present so that undici takes this for a handler of its current shape (it checks for it).
        onRequestStart() {},
        onResponseStart(_controller, statusCode, responseHeaders) {
          status = statusCode;
          const cookies = responseHeaders['set-cookie'];
          setCookie = cookies === undefined ? [] : Array.isArray(cookies) ? cookies : [cookies];
        },
        onResponseData(_controller, chunk) {
          if (!discardBody) chunks.push(chunk);
        },
        onResponseEnd() {
          resolve({ status, body: discardBody ? '' : Buffer.concat(chunks).toString('utf8'), setCookie });
        },
        onResponseError(_controller, error) {
          reject(error);
        },
      };
      this.pool.dispatch({ method: method as Dispatcher.HttpMethod, path, headers, body }, handler);
    });
  }

  close() {
    void this.pool.destroy();
  }
}

/** One operation's figures. Latencies are in microseconds. */
export interface OpFigures {
  /**
   * Node's built-in histogram is HdrHistogram (the C library) underneath: fixed memory, 3
   * significant figures, exact enough percentiles at any count, and no hand-written maths.
   */
  latency: RecordableHistogram;
  /** Requests sent, answered or not. */
  requests: number;
  errors: number;
}

/** Everything one run measured, shared by all virtual users (one event loop: no locking). */
export class Recorder {
  readonly ops = new Map<string, OpFigures>();
  /** Row reads, searches and profile lists together: the latency target is about these. */
  readonly reads = createHistogram({ lowest: 1, highest: 120_000_000, figures: 3 });
  /** The same, only those sent once every user had signed in (argon2 no longer competing for CPU). */
  readonly readsAfterSignIns = createHistogram({ lowest: 1, highest: 120_000_000, figures: 3 });
  /** performance.now() when the last user signed in. */
  allSignedInAt = Number.POSITIVE_INFINITY;
  /** Errors by kind ("HTTP 404", "network ECONNRESET", …), each with its first example. */
  readonly errorKinds = new Map<string, { count: number; example: string }>();
  fiveHundreds = 0;
  /** Requests that have finished, answered or failed: the divisor of CPU per request. */
  finished = 0;

  constructor(private readonly readOps: Set<string>) {}

  op(name: string): OpFigures {
    let figures = this.ops.get(name);
    if (!figures) {
      figures = { latency: createHistogram({ lowest: 1, highest: 120_000_000, figures: 3 }), requests: 0, errors: 0 };
      this.ops.set(name, figures);
    }
    return figures;
  }

  /** An error that is not a request's own status (a checkout session that ended in `error`). */
  fail(opName: string, kind: string, example: string) {
    this.op(opName).errors++;
    const entry = this.errorKinds.get(kind);
    if (entry) entry.count++;
    else this.errorKinds.set(kind, { count: 1, example });
  }

  /**
   * Sends one request as operation `opName` and records it: its latency when answered (any
   * status), and an error for a network failure or any status outside 2xx. Returns the parsed
   * JSON body of a 2xx answer, or null after an error.
   */
  async call<T>(
    client: Pick<HttpClient, 'send' | 'origin'>,
    opName: string,
    method: string,
    path: string,
    options?: SendOptions,
  ): Promise<{ answer: Answer; json: T } | null> {
    const figures = this.op(opName);
    figures.requests++;
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await client.send(method, path, options);
      this.finished++;
    } catch (error) {
      this.finished++;
      const code = (error as NodeJS.ErrnoException).code ?? 'error';
      this.fail(opName, `network ${code}`, `${method} ${path}: ${(error as Error).message}`);
      return null;
    }
    const micros = Math.max(1, Math.round((performance.now() - started) * 1000));
    figures.latency.record(micros);
    if (this.readOps.has(opName)) {
      this.reads.record(micros);
      if (started >= this.allSignedInAt) this.readsAfterSignIns.record(micros);
    }
    if (answer.status < 200 || answer.status > 299) {
      if (answer.status >= 500) this.fiveHundreds++;
      this.fail(opName, `HTTP ${answer.status}`, `${method} ${path}: ${answer.body.slice(0, 300)}`);
      return null;
    }
    if (options?.discardBody) return { answer, json: null as T };
    try {
      return { answer, json: (answer.body ? JSON.parse(answer.body) : null) as T };
    } catch {
      this.fail(opName, 'malformed JSON', `${method} ${path}: ${answer.body.slice(0, 300)}`);
      return null;
    }
  }
}
