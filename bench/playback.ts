// `npm run bench:playback`: adaptive streaming of the programmes, in Debian's
// Chromium against the real server (`server/main.ts`) on 127.0.0.1 with a scratch data folder.
//  1. On loopback, unthrottled: the time from play() to the first frame painted
//     (requestVideoFrameCallback) and to the first quality switch; then a seek well ahead of the
//     buffer (60 s on): the time from setting currentTime to the first frame painted whose
//     mediaTime is the new time's.
//  2. At 3 Mbit/s (Chromium's network emulation over CDP): the same two times, and the rebuffer
//     events (`waiting` after playback started) over 60 s of playback.
//  3. On the app's player page (signed in): the pointer moved onto the seek bar, with the controls
//     already shown, to the animation frame in which the trickplay thumbnail is visible and its
//     sprite fetched.
// Each figure is the median of 3 runs, each in a fresh browser context (an empty HTTP cache).
// Targets: first frame ≤ 200 ms on loopback; the seek's frame ≤ 300 ms; the thumbnail ≤ 100 ms;
// zero rebuffers at 3 Mbit/s. Last, bench:web's figures of the player page (its first load within
// budget, Lighthouse ≥ 95). A benchmark, not a test: it prints and exits 0 when it ran.
//
// The page: Marquee's player page, /watch/movie/{film}, as a signed-in viewer, when there is a
// production build (`npm run build`); `--page <path>` names another page of the app whose <video>
// starts playing on its own. Without a build, or with `--bare`, a bare page with the installed
// hls.js that the bench itself serves at the server's origin (Playwright answers its two URLs, so
// the playlists and segments are same-origin requests to the real server): hls.js alone, for
// comparison; the hover figure then comes from runs of its own on the app's page, if built.
// The viewer is a member (the Standard plan paid on the test-mode checkout, bench/load/member.ts):
// programmes play only under a grant. Options: --page <path>, --bare, --film <id> (the top-rated
// film), --runs <n> (3), --seconds <n> (60), --port <n> (a free one).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { type Browser, chromium, type Page } from 'playwright-core';
import { Pool } from 'undici';

import { chromiumLaunchOptions } from '../scripts/chromium.mjs';
import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { MarqueeServer } from '../tests/e2e/support/marquee-server.ts';
import { median } from './figures.ts';
import { type MemberGrant, memberGrant } from './load/member.ts';
import { runInEveryDocument } from './page-script.ts';
import { type Observation, probe, probeOf, read, type Timeline } from './playback-probe.ts';

const { values: options } = parseArgs({
  options: {
    page: { type: 'string' },
    bare: { type: 'boolean', default: false },
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
/** How far ahead of the position the loopback runs seek: past hls.js's 30 s of buffer. */
const SEEK_AHEAD_SECONDS = 60;
/** As the app's player (src/services/playback/hls-playback.ts). */
const MAX_BUFFER_AHEAD_S = 30;
const TARGET_FIRST_FRAME_MS = 200;
const TARGET_SEEK_FRAME_MS = 300;
const TARGET_THUMBNAIL_MS = 100;
const TARGET_REBUFFERS = 0;
/** The player page's seek bar (the first horizontal slider) and the thumbnail it shows on hover. */
const SEEK_BAR = '[data-orientation="horizontal"]';
const SEEK_THUMBNAIL = '[data-testid="seek-thumbnail"]';

const BENCH_PAGE = '/bench/playback.html';
const HLS_SCRIPT = '/bench/hls.min.js';

/**
 * The bench's own page: hls.js on a 1280×720 video, playing the programme at once (muted, so no
 * autoplay rule stands in the way). As the app's player does, it starts on the lowest rendition
 * (`startLevel: 0`), the quickest first frame, lets hls.js's ABR climb, and buffers at most 30 s
 * ahead (else hls.js fetches the whole programme at once, and no seek is to an unbuffered time);
 * it reports LEVEL_SWITCHED to the probe.
 */
const benchPage = (src: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bench:playback</title></head>
<body style="margin:0;background:#000">
<video width="1280" height="720" muted playsinline></video>
<script src="${HLS_SCRIPT}"></script>
<script>
  const video = document.querySelector('video');
  const hls = new Hls({ startLevel: 0, maxMaxBufferLength: ${MAX_BUFFER_AHEAD_S} });
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

/** Polls the probe until `done` holds or `seconds` pass; returns what it saw last. */
async function until(page: Page, seconds: number, done: (seen: Observation) => boolean): Promise<Observation> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    await page.waitForTimeout(250);
    const seen = await read(page);
    if (seen.errors.length > 0 || done(seen) || Date.now() > deadline) return seen;
  }
}

/** Seeks the video well ahead and waits for the frame at the new time. */
async function seekAhead(page: Page) {
  await (await probeOf(page)).evaluate((probe, ahead) => probe.seek(ahead), SEEK_AHEAD_SECONDS);
  await until(page, 15, (seen) => seen.seek?.frame != null);
}

/**
 * On the player page: once the thumbnails' index has been read, shows the controls (the pointer
 * over the picture; they fade in over 250 ms, which is not the thumbnail's time), then moves the
 * pointer onto the middle of the seek bar and waits for the probe to see the thumbnail.
 */
async function hoverSeekBar(page: Page) {
  await page.waitForFunction(
    () => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/trickplay.vtt')),
    null,
    { timeout: 20_000 },
  );
  const box = await page.locator(SEEK_BAR).first().boundingBox();
  if (!box) return;
  await page.mouse.move(box.x + box.width / 2, box.y - 200);
  await page.locator('[data-controls="shown"]').waitFor({ timeout: 5_000 });
  await page.waitForTimeout(500);
  await (
    await probeOf(page)
  ).evaluate((probe, [bar, thumbnail]) => probe.watchThumbnail(bar, thumbnail), [SEEK_BAR, SEEK_THUMBNAIL] as const);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await until(page, 10, (seen) => seen.thumbnail !== null);
}

interface RunOptions {
  /** The page to open: the bench's own, or one of the app's. */
  path: string;
  throttled: boolean;
  /** How long to let it play at most (past the first frame's wait). */
  seconds: number;
  /** Whether the run has seen enough. */
  enough: (seen: Observation) => boolean;
  /** Then seek ahead, and hover the seek bar (the app's player page only). */
  seek?: boolean;
  hover?: boolean;
}

/**
 * One run in a fresh context: opens the page, lets it play until `enough` or for up to `seconds`,
 * then seeks and hovers as asked; returns what the probe saw (the playback figures from before the
 * seek, whose own `waiting` is no rebuffer).
 */
async function run(browser: Browser, base: string, options: RunOptions): Promise<Observation> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    if (session) await context.addCookies([session]);
    const page = await context.newPage();
    await runInEveryDocument(page, probe);
    if (options.path === BENCH_PAGE) {
      const hls = readFileSync('node_modules/hls.js/dist/hls.min.js');
      await page.route(`${base}${HLS_SCRIPT}`, (route) => route.fulfill({ body: hls, contentType: 'text/javascript' }));
      await page.route(`${base}${BENCH_PAGE}`, (route) =>
        route.fulfill({ body: benchPage(master!), contentType: 'text/html' }),
      );
    }
    if (options.throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: THROTTLED_BITS_PER_SECOND / 8,
        uploadThroughput: THROTTLED_BITS_PER_SECOND / 8,
      });
    }
    await page.goto(`${base}${options.path}`);
    const seen = await until(page, options.seconds + 15, options.enough);
    if (seen.errors.length > 0 || seen.firstFrame === null) return seen;
    if (options.seek) await seekAhead(page);
    if (options.hover)
      await hoverSeekBar(page).catch((error: Error) => console.log(`  (hovering the seek bar: ${error.message})`));
    const after = await read(page);
    return { ...seen, seek: after.seek, thumbnail: after.thumbnail, errors: after.errors };
  } finally {
    await context.close();
  }
}

/** The median when every run has the figure, else null. */
const all = (values: (number | null)[]) =>
  values.every((value) => value !== null) ? median(values as number[]) : null;
const ms = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ms`);
const verdict = (met: boolean) => (met ? 'MET' : 'MISS');

/**
 * A run's first frame, step by step (ms from the page's navigation): the player's requests that
 * started before the frame, the first play() call and the frame; then play() → frame in its parts:
 * the media playlists answered, the init and first segments answered, and the frame painted.
 */
function formatTimeline(t: Timeline): string {
  const at = (value: number) => Math.round(value);
  const before = t.steps.filter((step) => step.start < t.frame);
  const events = [
    ...before.map((step) => ({ at: step.start, text: `${step.name} ${at(step.start)}–${at(step.end)}` })),
    { at: t.play, text: `play() ${at(t.play)}` },
    { at: t.frame, text: `frame ${at(t.frame)}` },
  ].sort((a, b) => a.at - b.at);
  const lastEnd = (test: (name: string) => boolean) => {
    const ends = before.filter((step) => test(step.name)).map((step) => step.end);
    return ends.length > 0 ? `+${at(Math.max(...ends) - t.play)}` : '—';
  };
  const playlists = lastEnd((name) => name.endsWith('.m3u8') && name !== 'master.m3u8');
  const segments = lastEnd((name) => name.endsWith('.mp4') || name.endsWith('.m4s'));
  return (
    `    steps (ms from navigation): ${events.map((event) => event.text).join(', ')}\n` +
    `    play() → frame ${at(t.frame - t.play)} ms: media playlists answered ${playlists}, ` +
    `init and first segments answered ${segments}, frame +${at(t.frame - t.play)}`
  );
}

function summarise(label: string, runs: Observation[]) {
  const firstFrames = runs.flatMap((r) => (r.firstFrame === null ? [] : [r.firstFrame]));
  const switches = runs.flatMap((r) => (r.firstSwitch ? [r.firstSwitch.at] : []));
  console.log(`\n${label}:`);
  runs.forEach((r, i) =>
    console.log(
      `  run ${i + 1}: first frame ${ms(r.firstFrame)}, first switch ${
        r.firstSwitch ? `${ms(r.firstSwitch.at)} (${r.firstSwitch.from}p → ${r.firstSwitch.to}p)` : 'none'
      }, renditions ${r.heights.map((h) => `${h}p`).join(' → ') || '—'}, played ${r.playedSeconds.toFixed(1)} s, rebuffers ${r.rebuffers}` +
        (r.seek
          ? `, seek ${r.seek.from.toFixed(1)} → ${r.seek.to.toFixed(1)} s: its frame ${ms(r.seek.frame)}${r.seek.buffered ? ' (already buffered)' : ''}`
          : '') +
        (r.thumbnail !== null ? `, thumbnail ${ms(r.thumbnail)}` : '') +
        (r.errors.length ? `, errors: ${r.errors.join('; ')}` : '') +
        (r.timeline ? `\n${formatTimeline(r.timeline)}` : ''),
    ),
  );
  return {
    firstFrame: firstFrames.length === runs.length ? median(firstFrames) : null,
    seekFrame: all(runs.map((r) => r.seek?.frame ?? null)),
    thumbnail: all(runs.map((r) => r.thumbnail)),
    firstSwitch: switches.length === runs.length ? median(switches) : null,
    rebuffers: median(runs.map((r) => r.rebuffers)),
    failed: runs.some((r) => r.errors.length > 0 || r.firstFrame === null),
  };
}

console.log(
  `bench:playback on ${cpus().length} cores, load average ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}; film ${options.film ?? '(the top-rated)'}`,
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
  // Marquee's own player page when there is a build (the issue's targets are its player's), the
  // bare hls.js page otherwise or with --bare.
  const appBuilt = existsSync(join(process.env.MARQUEE_WEB_ROOT || 'dist', 'index.html'));
  const appPage = options.page ?? (appBuilt && !options.bare ? `/watch/movie/${film}` : undefined);
  console.log(`On ${appPage ?? 'the bench page (hls.js)'}.`);
  // The app's page asks for its own grant: the bench's lease goes back first.
  if (appPage) {
    await grant.end();
    session = { name: 'marquee_session', value: grant.session, url: server.url };
  }
  browser = await chromium.launch({
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--autoplay-policy=no-user-gesture-required'],
  });
  const path = appPage ?? BENCH_PAGE;
  const loopback: Observation[] = [];
  for (let i = 0; i < RUNS; i++)
    loopback.push(
      await run(browser, server.url, {
        path,
        throttled: false,
        seconds: LOOPBACK_SECONDS,
        enough: (seen) => seen.firstSwitch !== null,
        seek: true,
        hover: Boolean(appPage),
      }),
    );
  const throttled: Observation[] = [];
  for (let i = 0; i < RUNS; i++)
    throttled.push(
      await run(browser, server.url, {
        path,
        throttled: true,
        seconds: SECONDS,
        enough: (seen) => seen.playedSeconds >= SECONDS,
      }),
    );
  // The bench page has no seek bar: with --bare, the thumbnail is timed on the app's player page, when built.
  const hovers: Observation[] = [];
  if (!appPage && appBuilt) {
    await grant.end();
    session = { name: 'marquee_session', value: grant.session, url: server.url };
    for (let i = 0; i < RUNS; i++)
      hovers.push(
        await run(browser, server.url, {
          path: `/watch/movie/${film}`,
          throttled: false,
          seconds: LOOPBACK_SECONDS,
          enough: (seen) => seen.firstFrame !== null,
          hover: true,
        }),
      );
  }

  if (loopback[0]?.manifest) console.log(`hls.js read the master playlist: ${loopback[0].manifest}`);
  const fast = summarise(`Loopback, unthrottled (${RUNS} runs)`, loopback);
  const slow = summarise(`At 3 Mbit/s, ${SECONDS} s of playback (${RUNS} runs)`, throttled);
  const hover =
    hovers.length > 0 ? summarise(`The player page /watch/movie/${film}, loopback (${RUNS} runs)`, hovers) : fast;
  const hoverFigure =
    appPage || appBuilt
      ? `${ms(hover.thumbnail).padStart(8)}   target ≤ ${TARGET_THUMBNAIL_MS} ms   ${verdict(
          hover.thumbnail !== null && hover.thumbnail <= TARGET_THUMBNAIL_MS,
        )}`
      : `not measured (needs --page or a production build: npm run build)`;
  console.log(`\nMedians of ${RUNS} runs:`);
  console.log(
    `  play() → first frame, loopback   ${ms(fast.firstFrame).padStart(8)}   target ≤ ${TARGET_FIRST_FRAME_MS} ms   ${verdict(
      fast.firstFrame !== null && fast.firstFrame <= TARGET_FIRST_FRAME_MS,
    )}`,
  );
  console.log(`  play() → first quality switch     ${ms(fast.firstSwitch).padStart(8)}   (loopback)`);
  console.log(
    `  seek → first frame at new time   ${ms(fast.seekFrame).padStart(8)}   target ≤ ${TARGET_SEEK_FRAME_MS} ms   ${verdict(
      fast.seekFrame !== null && fast.seekFrame <= TARGET_SEEK_FRAME_MS,
    )}   (loopback, ${SEEK_AHEAD_SECONDS} s ahead)`,
  );
  console.log(`  hover → thumbnail shown          ${hoverFigure}`);
  console.log(`  play() → first frame, 3 Mbit/s   ${ms(slow.firstFrame).padStart(8)}`);
  console.log(`  play() → first quality switch     ${ms(slow.firstSwitch).padStart(8)}   (3 Mbit/s)`);
  console.log(
    `  rebuffers over ${SECONDS} s at 3 Mbit/s   ${String(slow.rebuffers).padStart(6)}   target ${TARGET_REBUFFERS}        ${verdict(
      !slow.failed && slow.rebuffers <= TARGET_REBUFFERS,
    )}`,
  );
  if (fast.failed || slow.failed || hovers.some((r) => r.errors.length > 0)) process.exitCode = 1;
} finally {
  await browser?.close();
  await grant?.end();
  await server.dispose();
}

// The player page's own targets, its first load within budget and Lighthouse's score, come from
// bench:web's measure of that page (its own server and account), run here so that one bench
// prints every playback target. BENCH_PLAYBACK_LIGHTHOUSE=0 leaves it out.
if (process.env.BENCH_PLAYBACK_LIGHTHOUSE !== '0') {
  console.log('\nThe player page (a member, playing), by bench:web:');
  const web = spawnSync(process.execPath, ['--import', 'tsx', 'bench/web.ts'], {
    env: { ...process.env, BENCH_PAGES: 'player', BENCH_VISITS: '0' },
    encoding: 'utf8',
  });
  const lines = `${web.stdout}`.split('\n');
  const targets = lines.filter((line) => /^ {2}(player first load|player: performance)/.test(line));
  for (const line of targets) console.log(line);
  if (web.status !== 0 || targets.length < 2) {
    console.log(`  bench:web did not measure it (exit ${web.status}):\n${web.stderr.slice(-2000)}`);
    process.exitCode = 1;
  }
}
