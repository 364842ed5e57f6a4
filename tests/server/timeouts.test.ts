import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';

import { describe, expect, it } from 'vitest';

import { DEFAULT_TIMEOUTS } from '../../server/http/timeouts.ts';
import { createTestApp } from './test-app.ts';

/*
 * Slow clients are cut off: a request whose body or headers trickle in a byte a second gets 408
 * and its connection closed, instead of holding it for as long as it likes. These tests need a
 * real socket (app.inject has no timing of its own); the bound they wait for is generous, many
 * times the configured timeout, so that a busy machine does not fail them.
 */

/** Sends `head`, then one byte of `trickle` a second; resolves with what came back once the server closes. */
async function trickle(port: number, head: string, trickle: string, giveUpMs: number) {
  const socket = connect({ host: '127.0.0.1', port });
  const received: Buffer[] = [];
  socket.on('data', (chunk) => received.push(chunk));
  socket.on('error', () => {});
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(head);
  let sent = 0;
  const drip = setInterval(() => {
    if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]);
  }, 1000);
  const closed = await new Promise<boolean>((resolve) => {
    const giveUp = setTimeout(() => resolve(false), giveUpMs);
    socket.once('close', () => {
      clearTimeout(giveUp);
      resolve(true);
    });
  });
  clearInterval(drip);
  socket.destroy();
  return { closed, answer: Buffer.concat(received).toString('latin1'), bytesSent: sent };
}

describe('slow clients', () => {
  it('by default the server has request, header, idle and keep-alive timeouts', async () => {
    const { app } = await createTestApp();
    expect(DEFAULT_TIMEOUTS.requestMs).toBeGreaterThan(0);
    expect(app.server.requestTimeout).toBe(DEFAULT_TIMEOUTS.requestMs);
    expect(app.server.headersTimeout).toBe(DEFAULT_TIMEOUTS.headersMs);
    expect(app.server.timeout).toBe(DEFAULT_TIMEOUTS.idleMs);
    expect(app.server.keepAliveTimeout).toBe(DEFAULT_TIMEOUTS.keepAliveMs);
  });

  it('a body sent at 1 byte a second is answered 408 and its connection closed', async () => {
    const requestMs = 2000;
    const { app } = await createTestApp({ timeouts: { requestMs, headersMs: requestMs } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const body = JSON.stringify({ email: 'slow@example.com', password: 'a password that takes all day' });
    const head =
      `POST /api/auth/sign-in HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://127.0.0.1:${port}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;

    const { closed, answer, bytesSent } = await trickle(port, head, body, requestMs * 6);
    expect(closed, 'the server closed the connection').toBe(true);
    expect(bytesSent).toBeLessThan(body.length);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"request-timeout"');
  });

  it('headers sent at 1 byte a second are answered 408 and the connection closed', async () => {
    const headersMs = 2000;
    const { app } = await createTestApp({ timeouts: { requestMs: 4000, headersMs } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;

    const { closed, answer } = await trickle(
      port,
      'GET /api/auth/session HTTP/1.1\r\n',
      'X-Slow: ' + 'a'.repeat(60),
      24_000,
    );
    expect(closed, 'the server closed the connection').toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('other requests are answered while slow clients hold connections', async () => {
    const { app } = await createTestApp({ timeouts: { requestMs: 4000, headersMs: 2000 } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const slow = Array.from({ length: 20 }, () =>
      trickle(port, 'GET /api/auth/session HTTP/1.1\r\n', 'X-Slow: ' + 'a'.repeat(60), 24_000),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const answer = await fetch(`http://127.0.0.1:${port}/api/auth/session`);
    expect(answer.status).toBe(200);
    expect((await Promise.all(slow)).every((result) => result.closed)).toBe(true);
  });
});
