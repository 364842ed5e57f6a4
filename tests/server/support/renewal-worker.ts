/**
 * One "worker" of the concurrent-renewal test (tests/server/billing-renewals.test.ts): a real
 * Marquee app in its own process on the shared data folder, with its clock fixed at `now`. It
 * says "ready", waits for a line on stdin, then loads the checkout page and reads the
 * subscription `count` times at once, prints the status codes as JSON and exits.
 *
 * Usage: node --import tsx renewal-worker.ts <dataDir> <now ms> <uid> <session token> <checkout session id> <count>
 */
import { once } from 'node:events';
import { join } from 'node:path';

import { buildApp } from '../../../server/app.ts';

const [dataDir, nowText, uid, token, sessionId, countText] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
  string,
  string,
];
const now = Number(nowText);
const app = await buildApp({
  dataDir,
  webRoot: join(dataDir, 'no-web-build'),
  catalogueApiKey: 'test-catalogue-key',
  now: () => now,
  logger: false,
});
await app.ready();
const cookies = { marquee_session: token };

process.stdout.write('ready\n');
process.stdin.setEncoding('utf8');
await once(process.stdin, 'data');

const requests = Array.from({ length: Number(countText) }, (_, i) =>
  i % 2 === 0
    ? app.inject({ method: 'GET', url: `/checkout/${sessionId}`, headers: { accept: 'text/html' }, cookies })
    : app.inject({ method: 'GET', url: `/api/documents/customers/${uid}/subscriptions`, cookies }),
);
const statuses = (await Promise.all(requests)).map((response) => response.statusCode);
await app.close();
process.stdout.write(`${JSON.stringify(statuses)}\n`);
process.stdin.destroy();
