import { request as httpRequest } from 'node:http';

export const SESSION_COOKIE = 'marquee_session';

/** How long a request may wait for its answer by default: generous on a loaded machine, but a hang fails. */
export const ANSWER_TIMEOUT_MS = 60_000;

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  setCookie: string[];
  /** The client's port: the request log's `remotePort`, telling which worker answered. */
  localPort: number;
}

export interface CallOptions {
  /** The session cookie's value. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Rejects with a clear message when no whole answer came by then. */
  timeoutMs?: number;
  /** Gives up on the request when aborted, as a browser whose user leaves. */
  signal?: AbortSignal;
}

/**
 * One request to the real server (tests/e2e/support/marquee-server.ts) on a new connection, so
 * that a cluster's primary hands each to the next worker and no pooled socket outlives a crash:
 * JSON in and out, the session cookie, and an Origin equal to the server's own on writes, as a
 * browser sends. Rejects when the connection goes before the whole answer came (no
 * acknowledgement), and when no answer comes within the timeout, instead of hanging.
 */
export function call(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const timeoutMs = options.timeoutMs ?? ANSWER_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (method !== 'GET') headers.origin = base;
    if (payload !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.cookie = `${SESSION_COOKIE}=${options.token}`;
    const request = httpRequest(`${base}${path}`, { method, headers, agent: false }, (response) => {
      const localPort = response.socket.localPort ?? 0;
      const chunks: Buffer[] = [];
      let ended = false;
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        ended = true;
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        if (/^application\/json/.test(response.headers['content-type'] ?? '')) {
          try {
            body = JSON.parse(text);
          } catch (error) {
            reject(error);
            return;
          }
        }
        const setCookie = response.headers['set-cookie'] ?? [];
        resolve({ status: response.statusCode ?? 0, body, setCookie, localPort });
      });
      response.on('close', () => {
        if (!ended) reject(new Error(`${method} ${path}: the answer was cut off`));
      });
    });
    request.on('error', reject);
    // The whole exchange, not just an idle socket: a request nobody answers fails here, named.
    const timer = setTimeout(
      () => request.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    const abandon = () => request.destroy(new Error(`${method} ${path}: abandoned`));
    options.signal?.addEventListener('abort', abandon, { once: true });
    request.on('close', () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', abandon);
    });
    if (options.signal?.aborted) abandon();
    request.end(payload);
  });
}

/** The session token a sign-up or sign-in set, from its Set-Cookie header. */
export const sessionTokenOf = (reply: Reply) =>
  new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(
    reply.setCookie.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '',
  )?.[1];
