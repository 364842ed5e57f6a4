// `npm run bench:playback`: adaptive streaming of the programmes, in Debian's
// Chromium against the real server (`server/main.ts`) on 127.0.0.1 with a scratch data folder.
//  1. On loopback, unthrottled: the time from play() to the first frame painted
//     (requestVideoFrameCallback) and to the first quality switch.
//  2. At 3 Mbit/s (Chromium's network emulation over CDP): the same two times, and the rebuffer
//     events (`waiting` after playback started) over 60 s of playback.
// Each figure is the median of 3 runs, each in a fresh browser context (an empty HTTP cache).
// Targets: first frame ≤ 300 ms on loopback; zero rebuffers at 3 Mbit/s. A benchmark, not a
// test: it prints and exits 0 when it ran.
//
// The page: by default a bare page with the installed hls.js that the bench itself serves at the
// server's origin (Playwright answers its two URLs, so the playlists and segments are same-origin
// requests to the real server). `--page /watch/movie/{id}` measures a page of the app instead (as
// a signed-in viewer; it needs `npm run build`): any page whose <video> starts playing on its own,
// as the player page does when Play opens it; the probe below needs nothing else from it.
// The viewer is a member (the Standard plan paid on the test-mode checkout, bench/load/member.ts):
// programmes play only under a grant. Options: --page <path>, --film <id> (the top-rated film),
// --runs <n> (3), --seconds <n> (60),
// --port <n> (a free one).
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';

import { type Browser, chromium, type Page } from 'playwright-core';
import { Pool } from 'undici';

import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { MarqueeServer } from '../tests/e2e/support/marquee-server.ts';
import { type MemberGrant, memberGrant } from './load/member.ts';

const { values: options } = parseArgs({
  options: {
    page: { type: 'string' },
    film: { type: 'string' },
    runs: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '60' },
    port: { type: 'string', default: '0' },
  },
});
const RUNS = Math.max(1, Number(options.runs));
const SECONDS = Math.max(5, Number(options.seconds));
const THROTTLED_BITS_PER_SECOND = 3e6;
/** The loopback runs stop at the first quality switch, or after this long without one. */
const LOOPBACK_SECONDS = 20;
const TARGET_FIRST_FRAME_MS = 300;
const TARGET_REBUFFERS = 0;

const BENCH_PAGE = '/bench/playback.html';
const HLS_SCRIPT = '/bench/hls.min.js';

/**
 * The bench's own page: hls.js on a 1280×720 video, playing the programme at once (muted, so no
 * autoplay rule stands in the way). It starts on the lowest rendition (`startLevel: 0`), the
 * quickest first frame, and lets hls.js's ABR climb; it reports LEVEL_SWITCHED to the probe.
 */
const benchPage = (src: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bench:playback</title></head>
<body style="margin:0;background:#000">
<video width="1280" height="720" muted playsinline></video>
<script src="${HLS_SCRIPT}"></script>
<script>
  const video = document.querySelector('video');
  const hls = new Hls({ startLevel: 0 });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_event, { level }) =>
    window.__probe.levelSwitched(hls.levels[level].height));
  hls.on(Hls.Events.MANIFEST_PARSED, () => window.__probe.manifest(
    hls.levels.map((l) => l.height + 'p').join(', ') + '; audio: ' + hls.allAudioTracks.map((t) => t.name).join(', ') +
    '; subtitles: ' + hls.allSubtitleTracks.map((t) => t.name + ' (' + t.lang + ')').join(', ')));
  hls.on(Hls.Events.ERROR, (_event, data) => data.fatal && window.__probe.error(data.type + ': ' + data.details));
  hls.loadSource(${JSON.stringify(src)});
  hls.attachMedia(video);
  video.play();
</script>
</body></html>`;

/** What the probe saw in one run, in ms from the first play() call. */
interface Observation {
  firstFrame: number | null;
  /** The first switch to a rendition other than the one playback started on. */
  firstSwitch: { at: number; from: number; to: number } | null;
  rebuffers: number;
  playedSeconds: number;
  heights: number[];
  errors: string[];
  /** What hls.js found in the master playlist, when the page reports it. */
  manifest: string;
}

/**
 * Installed in the page before its own scripts: times the first play() call, then watches that
 * video for its first frame, `waiting` after playback started, and quality switches (hls.js's
 * LEVEL_SWITCHED when the page reports it, else a change in the video's height).
 */
function probe() {
  const seen = {
    start: 0,
    firstFrame: null as number | null,
    firstSwitch: null as { at: number; from: number; to: number } | null,
    rebuffers: 0,
    heights: [] as number[],
    errors: [] as string[],
    manifest: '',
    video: null as HTMLVideoElement | null,
    viaHls: false,
  };
  const since = () => performance.now() - seen.start;
  const height = (h: number) => {
    if (h === 0 || seen.heights.at(-1) === h) return;
    if (seen.heights.length > 0 && !seen.firstSwitch) seen.firstSwitch = { at: since(), from: seen.heights[0]!, to: h };
    seen.heights.push(h);
  };
  const play = HTMLMediaElement.prototype.play;
  HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
    if (!seen.video && this instanceof HTMLVideoElement) {
      seen.video = this;
      seen.start = performance.now();
      this.requestVideoFrameCallback(() => {
        seen.firstFrame ??= since();
      });
      this.addEventListener('waiting', () => {
        if (seen.firstFrame !== null) seen.rebuffers += 1;
      });
      this.addEventListener('resize', () => {
        if (!seen.viaHls) height(this.videoHeight);
      });
      this.addEventListener('error', () => seen.errors.push(`video error ${this.error?.code}`));
    }
    return play.call(this);
  };
  Object.assign(window, {
    __probe: {
      levelSwitched: (h: number) => {
        seen.viaHls = true;
        height(h);
      },
      error: (message: string) => seen.errors.push(message),
      manifest: (text: string) => (seen.manifest = text),
      read: () => ({
        firstFrame: seen.firstFrame,
        firstSwitch: seen.firstSwitch,
        rebuffers: seen.rebuffers,
        playedSeconds: seen.video?.currentTime ?? 0,
        heights: seen.heights,
        errors: seen.errors,
        manifest: seen.manifest,
      }),
    },
  });
}

const read = (page: Page) =>
  page.evaluate(() => (window as unknown as { __probe: { read(): Observation } }).__probe.read());

/** One run in a fresh context: opens the page, lets it play for up to `seconds`, returns what the probe saw. */
async function run(browser: Browser, base: string, throttled: boolean, seconds: number): Promise<Observation> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    if (session) await context.addCookies([session]);
    const page = await context.newPage();
    // tsx (esbuild) wraps named functions in a `__name` helper that the page does not have.
    await page.addInitScript({ content: `var __name = (f) => f; (${probe.toString()})();` });
    if (!options.page) {
      const hls = readFileSync('node_modules/hls.js/dist/hls.min.js');
      await page.route(`${base}${HLS_SCRIPT}`, (route) => route.fulfill({ body: hls, contentType: 'text/javascript' }));
      await page.route(`${base}${BENCH_PAGE}`, (route) =>
        route.fulfill({ body: benchPage(master!), contentType: 'text/html' }),
      );
    }
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: THROTTLED_BITS_PER_SECOND / 8,
        uploadThroughput: THROTTLED_BITS_PER_SECOND / 8,
      });
    }
    await page.goto(`${base}${options.page ?? BENCH_PAGE}`);
    const until = Date.now() + (seconds + 15) * 1000;
    for (;;) {
      await page.waitForTimeout(250);
      const seen = await read(page);
      if (seen.errors.length > 0) return seen;
      const enough = throttled ? seen.playedSeconds >= seconds : seen.firstSwitch !== null;
      if (enough || Date.now() > until) return seen;
    }
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
const verdict = (met: boolean) => (met ? 'MET' : 'MISS');

function summarise(label: string, runs: Observation[]) {
  const firstFrames = runs.flatMap((r) => (r.firstFrame === null ? [] : [r.firstFrame]));
  const switches = runs.flatMap((r) => (r.firstSwitch ? [r.firstSwitch.at] : []));
  console.log(`\n${label}:`);
  runs.forEach((r, i) =>
    console.log(
      `  run ${i + 1}: first frame ${ms(r.firstFrame)}, first switch ${
        r.firstSwitch ? `${ms(r.firstSwitch.at)} (${r.firstSwitch.from}p → ${r.firstSwitch.to}p)` : 'none'
      }, renditions ${r.heights.map((h) => `${h}p`).join(' → ') || '—'}, played ${r.playedSeconds.toFixed(1)} s, rebuffers ${r.rebuffers}` +
        (r.errors.length ? `, errors: ${r.errors.join('; ')}` : ''),
    ),
  );
  return {
    firstFrame: firstFrames.length === runs.length ? median(firstFrames) : null,
    firstSwitch: switches.length === runs.length ? median(switches) : null,
    rebuffers: median(runs.map((r) => r.rebuffers))!,
    failed: runs.some((r) => r.errors.length > 0 || r.firstFrame === null),
  };
}

console.log(
  `bench:playback on ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; film ${options.film ?? '(the top-rated)'} on ${options.page ?? 'the bench page (hls.js)'}`,
);
const server = new MarqueeServer();
server.port = Number(options.port);
let browser: Browser | undefined;
let session: { name: string; value: string; url: string } | undefined;
let grant: MemberGrant | undefined;
/** The member's grant's master playlist, which the bench page plays. */
let master: string | undefined;
try {
  await server.start();
  const api = new Pool(server.url);
  const film =
    Number(options.film) ||
    (
      (await (await fetch(`${server.url}/tmdb/3/movie/top_rated?api_key=${DEFAULT_CATALOGUE_API_KEY}`)).json()) as {
        results: Array<{ id: number }>;
      }
    ).results[0]!.id;
  grant = await memberGrant(api, new URL(server.url).origin, film);
  master = `${grant.base}/master.m3u8`;
  // The app's page asks for its own grant: the bench's lease goes back first.
  if (options.page) {
    await grant.end();
    session = { name: 'marquee_session', value: grant.session, url: server.url };
  }
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--autoplay-policy=no-user-gesture-required'],
  });
  const loopback: Observation[] = [];
  for (let i = 0; i < RUNS; i++) loopback.push(await run(browser, server.url, false, LOOPBACK_SECONDS));
  const throttled: Observation[] = [];
  for (let i = 0; i < RUNS; i++) throttled.push(await run(browser, server.url, true, SECONDS));

  if (loopback[0]?.manifest) console.log(`hls.js read the master playlist: ${loopback[0].manifest}`);
  const fast = summarise(`Loopback, unthrottled (${RUNS} runs)`, loopback);
  const slow = summarise(`At 3 Mbit/s, ${SECONDS} s of playback (${RUNS} runs)`, throttled);
  console.log(`\nMedians of ${RUNS} runs:`);
  console.log(
    `  play() → first frame, loopback   ${ms(fast.firstFrame).padStart(8)}   target ≤ ${TARGET_FIRST_FRAME_MS} ms   ${verdict(
      fast.firstFrame !== null && fast.firstFrame <= TARGET_FIRST_FRAME_MS,
    )}`,
  );
  console.log(`  play() → first quality switch     ${ms(fast.firstSwitch).padStart(8)}   (loopback)`);
  console.log(`  play() → first frame, 3 Mbit/s   ${ms(slow.firstFrame).padStart(8)}`);
  console.log(`  play() → first quality switch     ${ms(slow.firstSwitch).padStart(8)}   (3 Mbit/s)`);
  console.log(
    `  rebuffers over ${SECONDS} s at 3 Mbit/s   ${String(slow.rebuffers).padStart(6)}   target ${TARGET_REBUFFERS}        ${verdict(
      !slow.failed && slow.rebuffers <= TARGET_REBUFFERS,
    )}`,
  );
  if (fast.failed || slow.failed) process.exitCode = 1;
} finally {
  await browser?.close();
  await grant?.end();
  await server.dispose();
}
