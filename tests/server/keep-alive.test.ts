import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { describe, expect, it } from 'vitest';

import { REQUESTS_PER_CONNECTION } from '../../server/app.ts';
import { createTestApp } from './test-app.ts';

interface Answer {
  status: number;
  connection: string | undefined;
  /** The client's end of the connection that carried the request. */
  localPort: number;
}

describe('kept-alive connections', () => {
  it(`are closed after ${REQUESTS_PER_CONNECTION} requests, so a cluster can hand the client's next to another worker`, async () => {
    const { app } = await createTestApp();
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<Answer>((resolve, reject) => {
        const sent = request({ host: '127.0.0.1', port, path: '/api/auth/session', agent }, (answer) => {
          const localPort = sent.socket!.localPort!;
          answer.resume();
          answer.on('end', () =>
            resolve({ status: answer.statusCode!, connection: answer.headers.connection, localPort }),
          );
        });
        sent.on('error', reject);
        sent.end();
      });
    try {
      const answers: Answer[] = [];
      for (let i = 0; i <= REQUESTS_PER_CONNECTION; i++) answers.push(await get());

      expect(answers.every((answer) => answer.status === 200)).toBe(true);
      const first = answers.slice(0, REQUESTS_PER_CONNECTION);
      expect(new Set(first.map((answer) => answer.localPort)).size, 'one connection carried them').toBe(1);
      expect(first.slice(0, -1).every((answer) => answer.connection === 'keep-alive')).toBe(true);
      expect(first.at(-1)!.connection).toBe('close');
      // The next request needs a new connection.
      expect(answers.at(-1)!.localPort).not.toBe(first[0]!.localPort);
    } finally {
      agent.destroy();
    }
  });
});
