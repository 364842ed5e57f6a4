// How every browser test launches Debian's chromium (docs/troubleshooting.md): Playwright's own browser
// download does not work offline, and without these flags chromium tries to reach Google's
// services at start and its connections are refused on this network.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
