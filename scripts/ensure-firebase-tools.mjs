// firebase-tools (≈220 MB) is needed only by the contract tests, for its Auth emulator, so it is
// not a dependency in package.json: this installs the pinned version into a cache folder outside
// node_modules (which `npm ci` wipes) when it is missing, and does nothing when it is there.
//
//   node scripts/ensure-firebase-tools.mjs        prints the folder
//   FIREBASE_TOOLS_DIR=/some/dir                  uses that folder instead
//
// --omit=optional skips re2 (an optional dependency of the Hosting emulator's server), whose
// prebuilt download fails offline so it compiles from C++ for minutes; the Auth emulator never
// uses it.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIREBASE_TOOLS_VERSION = '15.34.2';

export function firebaseToolsDir(version = FIREBASE_TOOLS_VERSION) {
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return process.env.FIREBASE_TOOLS_DIR || join(cache, 'marquee', `firebase-tools-${version}`);
}

export function firebaseToolsInstalled(dir, version = FIREBASE_TOOLS_VERSION) {
  const pkg = join(dir, 'node_modules', 'firebase-tools', 'package.json');
  return existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).version === version;
}

/** Resolves with the folder holding node_modules/firebase-tools, installing it first if needed. */
export function ensureFirebaseTools({
  dir = firebaseToolsDir(),
  version = FIREBASE_TOOLS_VERSION,
  timeoutMs = 600_000,
} = {}) {
  if (firebaseToolsInstalled(dir, version)) return Promise.resolve(dir);
  mkdirSync(dir, { recursive: true });
  console.log(`Installing firebase-tools@${version} into ${dir} (once per machine, about a minute) …`);
  const args = [
    'install',
    '--prefix',
    dir,
    '--omit=optional',
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `firebase-tools@${version}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`npm install firebase-tools did not finish within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0 && firebaseToolsInstalled(dir, version)) resolve(dir);
      else reject(new Error(`npm install firebase-tools exited with ${code}`));
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    console.log(`firebase-tools ${FIREBASE_TOOLS_VERSION}: ${await ensureFirebaseTools()}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
