import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it, vi } from 'vitest';

// argon2 itself is replaced by checks that finish only when the test says, so the test can see
// which checks were started and hold the queue still while a client goes away.
const started: Array<{ password: string; finish: (valid: boolean) => void }> = [];
vi.mock('@node-rs/argon2', () => ({
  hash: async (password: string) => `hash of ${password}`,
  verify: (_hash: string, password: string) =>
    new Promise<boolean>((resolve) => started.push({ password, finish: resolve })),
}));

const { limitHashing, verifyPassword, whenAbandoned } = await import('../../server/accounts/passwords.ts');

const settled = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => {
  started.length = 0;
});

describe('password checks whose client has gone', () => {
  it('are dropped unhashed when their turn comes, answering false; the others run in order', async () => {
    limitHashing(1);
    const first = verifyPassword('h', 'first');
    const gone = new AbortController();
    const abandoned = verifyPassword('h', 'abandoned', gone.signal);
    const last = verifyPassword('h', 'last', new AbortController().signal);
    await settled();
    expect(started.map((check) => check.password)).toEqual(['first']);

    gone.abort();
    started[0].finish(true);
    expect(await first).toBe(true);
    expect(await abandoned).toBe(false);
    await settled();
    // The abandoned check never reached argon2: the next one did.
    expect(started.map((check) => check.password)).toEqual(['first', 'last']);
    started[1].finish(true);
    expect(await last).toBe(true);
  });

  it('are hashed as usual while the client waits', async () => {
    limitHashing(1);
    const waiting = verifyPassword('h', 'still here', new AbortController().signal);
    await settled();
    expect(started.map((check) => check.password)).toEqual(['still here']);
    started[0].finish(false);
    expect(await waiting).toBe(false);
  });
});

describe('whenAbandoned', () => {
  /** A server whose answer waits until `answer` is called; `signals` holds each request's signal. */
  async function holdingServer() {
    const signals: AbortSignal[] = [];
    const answers: Array<() => void> = [];
    const server = createServer((req, res) => {
      signals.push(whenAbandoned(res));
      req.resume();
      req.on('end', () => answers.push(() => res.end('ok')));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { server, port, signals, answers };
  }

  it('fires when the client closes its connection before the answer', async () => {
    const { server, port, signals, answers } = await holdingServer();
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/' });
    req.on('error', () => {});
    req.end('{"password":"x"}');
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(signals[0].aborted).toBe(false);
    req.destroy();
    await vi.waitFor(() => expect(signals[0].aborted).toBe(true));
    server.close();
  });

  it('does not fire for a client that waits for its answer, body read or not', async () => {
    const { server, port, signals, answers } = await holdingServer();
    const body = new Promise<string>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/' }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += String(chunk)));
        res.on('end', () => resolve(text));
      });
      req.on('error', reject);
      req.end('{"password":"x"}');
    });
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    await settled();
    expect(signals[0].aborted).toBe(false);
    answers[0]();
    expect(await body).toBe('ok');
    await settled();
    expect(signals[0].aborted).toBe(false);
    server.close();
  });
});
