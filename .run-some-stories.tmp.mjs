import { resolve } from 'node:path';
import { run } from './scripts/run.mjs';
import { serveStatic } from './scripts/serve-static.mjs';
const server = await serveStatic(resolve('storybook-static'));
try {
  process.exitCode = await run('npx', ['test-storybook', '--url', server.url, '--maxWorkers=2', '--testTimeout=30000', ...process.argv.slice(2)]);
} finally { await server.close(); }
