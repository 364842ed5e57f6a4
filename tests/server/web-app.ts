import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach } from 'vitest';

import { SESSION_COOKIE } from '../../server/accounts/session-plugin.ts';
import { APP_PRELOADS_ID } from '../../shared/web/resource-hints.ts';
import { createTestApp } from './test-app.ts';

/** What a browser sends when it asks for a page. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A page's template of the app's preloads, which its entry adds once the first screen is on screen (its links: group 1). */
export const APP_PRELOADS = new RegExp(`<template id="${APP_PRELOADS_ID}">(.*?)</template>`);

/** A page without the app's preloads: every other template it was built from should be used up. */
export const withoutAppPreloads = (body: string): string => body.replace(APP_PRELOADS, '');

const webRoots: string[] = [];
afterEach(() => {
  while (webRoots.length) rmSync(webRoots.pop()!, { recursive: true, force: true });
});

/**
 * A server over a throw-away client build made of `files` (index.html, and .vite/manifest.json
 * say, by path), with one account signed up; `page` asks for an address as that visitor's browser
 * would (or signed out). For the tests of the pages the server makes (server/web).
 */
export async function signedInWebApp(files: Record<string, string>, email = 'web-pages@example.com') {
  const webRoot = mkdtempSync(join(tmpdir(), 'marquee-web-'));
  webRoots.push(webRoot);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(webRoot, path)), { recursive: true });
    writeFileSync(join(webRoot, path), content);
  }
  const { app } = await createTestApp({ webRoot });
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: 'secret-password' },
  });
  const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  const { uid } = (signUp.json() as { user: { uid: string } }).user;
  const page = (url: string, signedIn = true) =>
    app.inject({
      method: 'GET',
      url,
      headers: { accept: BROWSER_ACCEPT },
      cookies: signedIn ? { [SESSION_COOKIE]: token } : undefined,
    });
  return { app, page, customer: { uid, email, token } };
}
