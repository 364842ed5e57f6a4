// Start and stop the Firebase Auth emulator offline, for the contract tests' globalSetup
// (after the feasibility spike's auth-emulator.mjs, direct mode only).
//
// auth-emulator-child.cjs loads firebase-tools' AuthEmulator class straight from the cache
// folder (scripts/ensure-firebase-tools.mjs): one port on 127.0.0.1, no emulator hub or logging
// ports, no MOTD fetch or update check, and the Identity Toolkit request schemas compiled lazily
// (ready in ≈2–9 s instead of ≈20–56 s through `firebase emulators:start`). A warm-up then calls
// each REST operation the SDK uses once, so no test pays the first call's schema compilation.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

export const PROJECT_ID = 'demo-marquee';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface AuthEmulator {
  url: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startAuthEmulator({
  firebaseToolsDir,
  timeoutMs = 60_000,
}: {
  firebaseToolsDir: string;
  timeoutMs?: number;
}): Promise<AuthEmulator> {
  const port = await freePort();
  const child = spawn(process.execPath, [fileURLToPath(new URL('./auth-emulator-child.cjs', import.meta.url))], {
    env: {
      ...process.env,
      CI: '1',
      NO_UPDATE_NOTIFIER: '1',
      FIREBASE_TOOLS_DIR: firebaseToolsDir,
      AUTH_PORT: String(port),
      PROJECT: PROJECT_ID,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  try {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the Auth emulator exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/`, { signal: AbortSignal.timeout(500) })).ok) break;
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) throw new Error(`the Auth emulator did not answer at ${url} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const call = (op: string, body: object) =>
      fetch(`${url}/identitytoolkit.googleapis.com/v1/accounts:${op}?key=warm-up`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      }).then((response) => response.json() as Promise<{ idToken?: string }>);
    const credentials = { email: 'warm-up@example.com', password: 'warm-up-1', returnSecureToken: true };
    const { idToken } = await call('signUp', credentials);
    await call('signInWithPassword', credentials);
    await call('lookup', { idToken });
    await call('signInWithPassword', { ...credentials, password: 'wrong-password' });
    await fetch(`${url}/emulator/v1/projects/${PROJECT_ID}/accounts`, {
      method: 'DELETE',
      headers: { Authorization: 'Bearer owner' },
    });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`, { cause: error });
  }
  return { url, pid: child.pid, stop };
}

/** Production projects answer a wrong password and an unknown user alike (auth/invalid-credential). */
export async function enableEmailEnumerationProtection(url: string) {
  const response = await fetch(`${url}/emulator/v1/projects/${PROJECT_ID}/config`, {
    method: 'PATCH',
    headers: { Authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ emailPrivacyConfig: { enableImprovedEmailPrivacy: true } }),
  });
  if (!response.ok) throw new Error(`Auth emulator config: HTTP ${response.status}`);
}
