import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { EventSource } from 'eventsource';
import { afterAll, beforeAll } from 'vitest';

import { type AppOptions, buildApp } from '../../../server/app.ts';
import type { EventStream } from '../../../src/services/account-store/local-checkout-sessions.ts';
import type { ApiClient } from '../../../src/services/http/api-client.ts';
import { createJsonClient } from '../../../src/services/http/json-fetch.ts';
import { addExtraTitles } from '../../server/support/extra-titles.ts';

export const CATALOGUE_KEY = 'contract-catalogue-key';

/**
 * A browser stand-in for one person: a fetch that keeps the session cookie and says where the
 * request comes from (Origin, as a browser does on state-changing requests).
 */
export function browserFetch(origin: string): typeof fetch {
  const jar = new Map<string, string>();
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    headers.set('origin', origin);
    const response = await fetch(input, { ...init, headers });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, value = ''] = pair.split('=');
      const expired =
        value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired) jar.delete(name.trim());
      else jar.set(name.trim(), value.trim());
    }
    return response;
  };
}

export interface EmbeddedClient {
  fetch: typeof fetch;
  api: ApiClient;
  openEvents: (path: string) => EventStream;
}

/**
 * The real embedded server (server/app.ts) on 127.0.0.1 and a free port, with a throw-away data
 * folder, for the whole test file; `options` over the defaults (hosted mode's `firebase`, say).
 */
export function useEmbeddedServer(options: Partial<AppOptions> = {}) {
  const server = {
    origin: '',
    client: (): EmbeddedClient => {
      throw new Error('server not started');
    },
  };
  let close = async () => {};
  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-contract-'));
    const app = await buildApp({
      dataDir,
      webRoot: join(dataDir, 'no-web-build'),
      catalogueApiKey: CATALOGUE_KEY,
      // The contracts make hundreds of changes a minute (My List's 500 titles): room for them.
      rateLimits: {
        writesPerSession: { max: 100_000, timeWindow: 60_000 },
        writesPerAddress: { max: 100_000, timeWindow: 60_000 },
      },
      ...options,
    });
    // The watching contracts store titles 1…600 and beyond: only titles the catalogue has are stored.
    addExtraTitles(app.db);
    await app.listen({ host: '127.0.0.1', port: 0 });
    server.origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    server.client = () => {
      const browser = browserFetch(server.origin);
      return {
        fetch: browser,
        api: createJsonClient({ baseURL: `${server.origin}/api`, timeout: 10_000, fetch: browser }),
        openEvents: (path) =>
          new EventSource(`${server.origin}/api${path}`, { fetch: browser }) as unknown as EventStream,
      };
    };
    close = async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    };
  });
  afterAll(() => close());
  return server;
}

let counter = 0;
/** An e-mail address no other test uses. */
export const uniqueEmail = (prefix = 'viewer') =>
  `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}@example.com`;
