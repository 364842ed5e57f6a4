import { describe, expect, it, vi } from 'vitest';

import { createJsonClient, FetchError } from '../../../src/services/http/json-fetch.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function recording(answer: () => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), init });
    return answer();
  }) as unknown as typeof globalThis.fetch;
  return { fetch, calls };
}

describe('createJsonClient', () => {
  it('sends JSON to the base address, the call’s query before the client’s, and reads JSON back', async () => {
    const { fetch, calls } = recording(() => json({ id: 7 }));
    const client = createJsonClient({ baseURL: '/tmdb/3', query: { api_key: 'k' }, fetch });

    await expect(
      client('/search/multi', { method: 'POST', body: { a: 1 }, query: { query: 'dune part', page: '2' } }),
    ).resolves.toEqual({ id: 7 });

    expect(calls[0].url).toBe('/tmdb/3/search/multi?query=dune+part&page=2&api_key=k');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(new Headers(calls[0].init.headers).get('content-type')).toBe('application/json');
  });

  it('answers undefined for an empty body (204)', async () => {
    const { fetch } = recording(() => new Response(null, { status: 204 }));
    await expect(createJsonClient({ baseURL: '/api', fetch })('/x', { method: 'DELETE' })).resolves.toBeUndefined();
  });

  it('throws a FetchError carrying the answer and its body, after telling onResponseError', async () => {
    const { fetch } = recording(() => json({ error: { code: 'unauthenticated', message: 'Sign in' } }, 401));
    const onResponseError = vi.fn();
    const error = await createJsonClient({ baseURL: '/api', fetch, onResponseError })('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).response?.status).toBe(401);
    expect((error as FetchError).data).toEqual({ error: { code: 'unauthenticated', message: 'Sign in' } });
    expect(onResponseError).toHaveBeenCalledWith(expect.objectContaining({ data: (error as FetchError).data }));
  });

  it('throws a FetchError without an answer when the server was not reached', async () => {
    const { fetch } = recording(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await createJsonClient({ baseURL: '/api', fetch })('/me').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).response).toBeUndefined();
  });

  it('keeps a body that is not JSON as text', async () => {
    const { fetch } = recording(() => new Response('Bad Gateway', { status: 502 }));
    const error = await createJsonClient({ baseURL: '/api', fetch })('/me').catch((e: unknown) => e);
    expect((error as FetchError).data).toBe('Bad Gateway');
  });

  it('gives a call without a signal the client’s timeout, and a call with one only its own', async () => {
    const { fetch, calls } = recording(() => json({}));
    const client = createJsonClient({ baseURL: '/api', timeout: 10_000, fetch });
    const own = new AbortController().signal;

    await client('/a');
    await client('/b', { signal: own });

    expect(calls[0].init.signal).toBeInstanceOf(AbortSignal);
    expect(calls[1].init.signal).toBe(own);
  });
});
