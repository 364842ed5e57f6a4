// `npx tsx bench/title-first-load.ts`: what a title's own address (/title/movie/{id}, a shared
// link) does on its first load, in counts that a busy machine does not change: the requests the
// page makes (the catalogue's and the card art's), the React commits and the components rendered
// and mounted, the DOM elements React creates and the images in the page; beside them the page's
// long tasks (PerformanceObserver), which do swing with the machine's load. In Debian's Chromium
// at a phone's viewport (412 × 823) with the CPU slowed 4× (as Lighthouse's mobile preset), against
// the real server (the production build: `node scripts/build-if-stale.mjs`) on 127.0.0.1 with a
// scratch data folder; each visit a fresh browser context, measured until the network is idle and
// 2.5 s more (the screens' prefetch, 3 s in, may or may not fall inside). The React counts come
// from a stand-in for React's devtools hook, so they are taken on a visit of their own: walking
// the tree after every commit would lengthen the long tasks. A benchmark, not a test: it prints
// its figures and exits 0 when it ran. Options: --runs <n> (3 timed visits, after one warm-up).
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { type Browser, chromium } from 'playwright-core';

import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { MarqueeServer } from '../tests/e2e/support/marquee-server.ts';

const { values: options } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Math.max(1, Number(options.runs));

interface Counts {
  commits: number;
  rendered: number;
  mounted: number;
  elements: number;
  longTasks: number[];
  images: number;
}

// Runs in the page before its scripts, as text (tsx would wrap named functions in a helper the
// page does not have). With `counting`, a devtools hook that React reports each commit to: a
// component rendered when its fiber is not the one current at the last commit and did work; a
// fiber mounted when neither it nor its alternate was seen before.
const inPage = (counting: boolean) =>
  `(${(count: boolean) => {
    const w = window as unknown as { __bench: Counts; __REACT_DEVTOOLS_GLOBAL_HOOK__?: unknown };
    w.__bench = { commits: 0, rendered: 0, mounted: 0, elements: 0, longTasks: [], images: 0 };
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__bench.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    if (!count) return;
    type Fiber = { type: unknown; flags: number; alternate: Fiber | null; child: Fiber | null; sibling: Fiber | null };
    const seen = new WeakMap<Fiber, number>();
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => 1,
      checkDCE: () => {},
      onScheduleFiberRoot: () => {},
      onCommitFiberUnmount: () => {},
      onPostCommitFiberRoot: () => {},
      onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => {
        const commit = ++w.__bench.commits;
        const stack: Fiber[] = root.current.child ? [root.current.child] : [];
        while (stack.length > 0) {
          const fiber = stack.pop()!;
          const fresh = !seen.has(fiber) && !(fiber.alternate && seen.has(fiber.alternate));
          if (typeof fiber.type === 'string' && fresh) w.__bench.elements++;
          if (typeof fiber.type === 'function' || (typeof fiber.type === 'object' && fiber.type !== null)) {
            if (fresh) w.__bench.mounted++;
            if (seen.get(fiber) !== commit - 1 && (fiber.flags & 1) !== 0) w.__bench.rendered++;
          }
          seen.set(fiber, commit);
          if (fiber.sibling) stack.push(fiber.sibling);
          if (fiber.child) stack.push(fiber.child);
        }
      },
    };
  }})(${counting});`;

async function visit(browser: Browser, base: string, path: string, token: string, counting: boolean) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addCookies([{ name: 'marquee_session', value: token, url: base }]);
    const page = await context.newPage();
    await page.addInitScript({ content: `var __name = (f) => f; ${inPage(counting)}` });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500);
    const counts = await page.evaluate(() => {
      const bench = (window as unknown as { __bench: Counts }).__bench;
      const dialog = document.querySelector('[role="dialog"] h2') !== null;
      return { ...bench, images: document.images.length, dialog };
    });
    if (!counts.dialog) throw new Error(`${path} showed no detail view`);
    return {
      counts,
      requests: requests.length,
      details: requests.filter((path) => /^\/tmdb\/3\/(movie|tv)\/\d+$/.test(path)).length,
      // Home's rows: the catalogue's lists, the Top 10 and the profile's "Because you watched".
      rows: requests.filter(
        (path) =>
          (path.startsWith('/tmdb/3/') && !/^\/tmdb\/3\/(movie|tv)\/\d+$/.test(path)) ||
          path === '/api/activity/top10' ||
          path.endsWith('/because_you_watched'),
      ).length,
      art: requests.filter((path) => path.startsWith('/images/')).length,
    };
  } finally {
    await context.close();
  }
}

console.log(
  `bench title-first-load on ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
);
const server = new MarqueeServer();
let browser: Browser | undefined;
try {
  await server.start();
  const signUp = await fetch(`${server.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'title-bench@example.com', password: 'bench-password-1' }),
  });
  const token = /marquee_session=([^;]+)/.exec(signUp.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error(`sign-up answered ${signUp.status} with no session`);
  // The film bench:web opens too: the first trending one.
  const films = await fetch(`${server.url}/tmdb/3/trending/movie/week?api_key=${DEFAULT_CATALOGUE_API_KEY}`);
  const filmId = ((await films.json()) as { results: Array<{ id: number }> }).results[0]!.id;
  const path = `/title/movie/${filmId}`;
  browser = await chromium.launch(chromiumLaunchOptions);

  await visit(browser, server.url, path, token, false);
  const counted = await visit(browser, server.url, path, token, true);
  const { commits, rendered, mounted, elements } = counted.counts;
  console.log(`\n${path}, a fresh page:`);
  console.log(
    `  React: ${commits} commits, ${rendered} components rendered, ${mounted} mounted, ${elements} DOM elements created`,
  );
  for (let run = 1; run <= RUNS; run++) {
    const { counts, requests, details, rows, art } = await visit(browser, server.url, path, token, false);
    const tasks = counts.longTasks;
    const total = tasks.reduce((sum, duration) => sum + duration, 0);
    const blocking = tasks.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0);
    console.log(
      `  visit ${run}: ${requests} requests (details ${details}, home's rows ${rows}, art ${art}), ` +
        `${counts.images} images in the page; ${tasks.length} long tasks, ${Math.round(total)} ms ` +
        `(${Math.round(blocking)} ms over 50 ms each, the longest ${Math.round(Math.max(0, ...tasks))} ms)`,
    );
  }
} finally {
  await browser?.close();
  await server.dispose();
}
