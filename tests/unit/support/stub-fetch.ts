import { vi } from 'vitest';

/** A JSON response as the embedded server sends it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface SeenRequest {
  /** The path as sent, still percent-encoded. */
  path: string;
  method: string;
  /** A JSON body parsed back, or the body as given. */
  body: unknown;
  contentType: string | null;
}

/**
 * A stubbed global fetch answering every request with `respond`; records what was sent.
 * Undo with `vi.unstubAllGlobals()`.
 */
export function stubFetch(respond: () => Response | Promise<Response>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    seen.push({
      path: url.pathname,
      method: (init?.method ?? 'GET').toUpperCase(),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body,
      contentType: new Headers(init?.headers).get('content-type'),
    });
    return respond();
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, seen };
}
