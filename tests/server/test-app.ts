import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach } from 'vitest';

import { type AppOptions, buildApp } from '../../server/app.ts';

const cleanups: Array<() => Promise<void>> = [];

afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/**
 * A fresh server on a throw-away data folder, for `app.inject`. It is closed and its folder
 * removed after the test. Pass `dataDir` to reopen an existing folder (a restart).
 */
export async function createTestApp(options: Partial<AppOptions> = {}) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'marquee-test-'));
  const app = await buildApp({
    webRoot: join(dataDir, 'no-web-build'),
    catalogueApiKey: 'test-catalogue-key',
    ...options,
    dataDir,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, dataDir };
}
