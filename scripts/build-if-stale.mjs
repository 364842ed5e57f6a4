// Builds the client when dist/ is missing or was built from other sources. The build records
// a hash of everything it is made from; `npm start` compares it and skips the build when equal.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { run } from './run.mjs';

// shared/ is bundled with the client, and the build's plugins (scripts/vite-*.ts) write into it:
// the prerendered hero's slots (shared/catalogue/first-screen.ts) must be the server's.
const INPUTS = [
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'src',
  'shared',
  'public',
  ...readdirSync('scripts')
    .filter((name) => /^vite-.*\.ts$/.test(name))
    .map((name) => join('scripts', name)),
];
const STAMP = join('dist', '.build-hash');

function* files(path) {
  if (!existsSync(path)) return;
  if (statSync(path).isDirectory()) {
    for (const entry of readdirSync(path).sort()) yield* files(join(path, entry));
  } else {
    yield path;
  }
}

function sourceHash() {
  const hash = createHash('sha256');
  // Build-time settings change the output too.
  hash.update(
    JSON.stringify(
      Object.entries(process.env)
        .filter(([key]) => key.startsWith('VITE_'))
        .sort(),
    ),
  );
  for (const input of INPUTS) {
    for (const file of files(input)) hash.update(file).update(readFileSync(file));
  }
  return hash.digest('hex');
}

const wanted = sourceHash();
const built = existsSync(STAMP) && existsSync(join('dist', 'index.html')) ? readFileSync(STAMP, 'utf8') : '';
if (built === wanted) {
  console.log('Client build is up to date.');
} else {
  console.log(built ? 'Sources changed: rebuilding the client…' : 'Building the client…');
  const code = await run('npx', ['vite', 'build', '--logLevel', 'warn']);
  if (code !== 0) process.exit(code);
  writeFileSync(STAMP, wanted);
}
