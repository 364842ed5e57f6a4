// Runs every Storybook story as a test: a static Storybook build, served on 127.0.0.1,
// visited by @storybook/test-runner in Debian's chromium (see test-runner-jest.config.js).
import { resolve } from 'node:path';

import { run } from './run.mjs';
import { serveStatic } from './serve-static.mjs';

// `--build-only` builds and stops; `--no-build` tests the last build (test-all builds it beside
// other stages). The first other argument is where to write jest's JSON results.
const flags = new Set(process.argv.slice(2).filter((arg) => arg.startsWith('--')));
const outputFile = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!flags.has('--no-build')) {
  const build = await run('npx', [
    'storybook',
    'build',
    '--quiet',
    '--output-dir',
    'storybook-static',
    '--disable-telemetry',
  ]);
  if (build !== 0) process.exit(build);
}
if (flags.has('--build-only')) process.exit(0);

// Stories kept out of the test runner (`tags: ['!test']`), each printed with why, so none is skipped silently.
const QUARANTINED = [];
for (const [story, why] of QUARANTINED) console.log(`skipped story ${story}: ${why}`);

const server = await serveStatic(resolve('storybook-static'));
try {
  // Each story's play function gets 30 s, not the runner's 15: the screen stories go through the
  // fakes' delays and lazy chunks, and a loaded machine stretches them (one failed at 15 s).
  const args = ['test-storybook', '--url', server.url, '--maxWorkers=2', '--testTimeout=30000'];
  if (outputFile) args.push('--json', '--outputFile', outputFile);
  process.exitCode = await run('npx', args);
} finally {
  await server.close();
}
