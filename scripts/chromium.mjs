import { existsSync } from 'node:fs';

// How every browser test and bench launches Debian's chromium (docs/troubleshooting.md):
// Playwright's own browser download does not work offline, and without these flags chromium tries
// to reach Google's services at start and its connections are refused on this network.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The benches': the whole browser, as a viewer's is (Lighthouse runs it with --headless=new). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args,
};

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The tests': Debian's chromium-headless-shell, the same Blink and V8 without the browser's own
 * window and compositor, where installed (`.ci/run` installs it). The stories took 103 s with it
 * against 175 s with the whole browser (docs/testing.md). CHROMIUM_PATH picks another.
 */
export const testChromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args,
};
