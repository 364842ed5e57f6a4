import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import type { Account } from '../../server/accounts/accounts-repository.ts';
import { SessionCache } from '../../server/accounts/session-cache.ts';
import { createIndexPages } from '../../server/web/index-page.ts';

/*
 * The server's in-memory caches are least-recently-used, and bounded: the index.html variants by
 * bytes, the remembered sessions by count (each a small fixed-shape record).
 */

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

describe('index.html variants', () => {
  it('keep their bytes under the cap however many player pages are asked for', () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'marquee-pages-'));
    folders.push(webRoot);
    // Incompressible filler, so that each variant weighs what a real page does.
    const filler = randomBytes(6 * 1024).toString('base64');
    writeFileSync(
      join(webRoot, 'index.html'),
      `<!doctype html><html><head><title>Marquee</title></head><body><p>${filler}</p><div id="root"></div></body></html>`,
    );
    const cap = 100 * 1024;
    const pages = createIndexPages(webRoot, cap);
    let largest = 0;
    for (let index = 0; index < 60; index++) {
      const markup = { key: `programme-${index}`, early: '', head: `<meta name="n" content="${index}">` };
      pages.signedIn(`/watch/movie/${index}`, markup);
      largest = Math.max(largest, pages.keptBytes);
    }
    expect(largest).toBeGreaterThan(cap / 2);
    expect(largest).toBeLessThanOrEqual(cap);
  });
});

describe('remembered sessions', () => {
  const account = (uid: string) => ({ uid, email: `${uid}@example.com` }) as unknown as Account;

  it('forget the least recently used first, not the oldest', () => {
    const cache = new SessionCache(() => 0, 2);
    cache.set('a', { account: account('a'), expiresAt: 10 });
    cache.set('b', { account: account('b'), expiresAt: 10 });
    // a is used again, so b is the one to go.
    expect(cache.get('a')?.uid).toBe('a');
    cache.set('c', { account: account('c'), expiresAt: 10 });
    expect(cache.size).toBe(2);
    expect([cache.get('a')?.uid, cache.get('b'), cache.get('c')?.uid]).toEqual(['a', undefined, 'c']);
  });
});
