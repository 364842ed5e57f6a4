import type { TestProject } from 'vitest/node';

import { ensureFirebaseTools } from '../../../scripts/ensure-firebase-tools.mjs';
import { enableEmailEnumerationProtection, startAuthEmulator } from './auth-emulator.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    authEmulatorUrl: string;
  }
}

/**
 * The contract project's globalSetup: the Auth emulator once per run (a child process on
 * 127.0.0.1). The Firestore emulator runs in-process per test file (hosted-firestore.ts) and the
 * embedded server per test file too (embedded-server.ts).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const firebaseToolsDir = await ensureFirebaseTools(); // a no-op when cached
  const auth = await startAuthEmulator({ firebaseToolsDir });
  await enableEmailEnumerationProtection(auth.url);
  console.log(`[contract] Auth emulator at ${auth.url} ready in ${Date.now() - started} ms`);
  project.provide('authEmulatorUrl', auth.url);
  return () => auth.stop();
}
