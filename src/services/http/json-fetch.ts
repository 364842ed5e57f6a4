/**
 * A JSON client over the platform's `fetch`: a base address and query, JSON in and out, a timeout,
 * and one error type. It replaces ofetch, which with the URL and JSON parsers it brings (ufo, destr)
 * weighed 3.3 kB of gzip on every page for these few things (docs/testing.md, "First-load budgets").
 */

/** A call that failed: `response` is absent when no answer came (network, timeout, abort). */
export class FetchError<T = unknown> extends Error {
  override readonly name = 'FetchError';

  constructor(
    message: string,
    readonly response?: Response,
    /** The answer's body: its JSON, or its text when it is not JSON. */
    readonly data?: T,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface JsonCallOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  query?: Record<string, string>;
  /** The caller's own signal; it replaces the client's timeout, as ofetch's did. */
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Sent beside the JSON ones (an `authorization`, say). */
  headers?: Record<string, string>;
}

export interface JsonClientOptions {
  baseURL: string;
  /** Added after each call's own query. */
  query?: Record<string, string>;
  credentials?: RequestCredentials;
  /** Milliseconds before a call without a signal of its own gives up. */
  timeout?: number;
  /** Another fetch (Node tests pass one with a cookie jar); the global one, looked up per call, otherwise. */
  fetch?: typeof fetch;
  /** Called with every answer that is not 2xx, before its error is thrown. */
  onResponseError?: (answer: { response: Response; data: unknown }) => void;
}

export type JsonClient = <T = unknown>(path: string, options?: JsonCallOptions) => Promise<T>;

/** The body as JSON, as text when it is not JSON, or undefined when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createJsonClient(client: JsonClientOptions): JsonClient {
  return async <T>(path: string, { method = 'GET', body, query, signal, keepalive, headers }: JsonCallOptions = {}) => {
    const search = new URLSearchParams({ ...query, ...client.query }).toString();
    const url = `${client.baseURL}${path}${search ? `${path.includes('?') ? '&' : '?'}${search}` : ''}`;
    let response: Response;
    let data: unknown;
    try {
      response = await (client.fetch ?? fetch)(url, {
        method,
        credentials: client.credentials,
        keepalive,
        headers: {
          ...headers,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: signal ?? (client.timeout ? AbortSignal.timeout(client.timeout) : undefined),
      });
      data = await readBody(response);
    } catch (error) {
      throw new FetchError(`${method} ${url}: no answer`, undefined, undefined, { cause: error });
    }
    if (!response.ok) {
      client.onResponseError?.({ response, data });
      throw new FetchError(`${method} ${url}: ${response.status}`, response, data);
    }
    return data as T;
  };
}
