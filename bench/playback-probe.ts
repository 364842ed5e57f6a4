// bench:playback's probe (bench/playback.ts): what it installs in the page before the page's own
// scripts, and how the bench reads it back. The probe runs in the browser, so it is self-contained.
import type { Page } from 'playwright-core';

/** What the probe saw in one run, in ms from the first play() call. */
export interface Observation {
  firstFrame: number | null;
  /** The first switch to a rendition other than the one playback started on. */
  firstSwitch: { at: number; from: number; to: number } | null;
  rebuffers: number;
  playedSeconds: number;
  heights: number[];
  errors: string[];
  /** What hls.js found in the master playlist, when the page reports it. */
  manifest: string;
  /** The seek ahead (seconds of the programme) and its first frame at the new time (ms from the seek). */
  seek: { from: number; to: number; frame: number | null; buffered: boolean } | null;
  /** The pointer on the seek bar → its thumbnail shown, sprite fetched (ms); null when not seen. */
  thumbnail: number | null;
  /** What came before the first frame, from the page's resource timings (ms from the page's navigation). */
  timeline: Timeline | null;
}

/** A request's span (ms from the page's navigation): its start and the end of its answer. */
export interface Step {
  name: string;
  start: number;
  end: number;
}

/** The first frame's path: the player's requests up to it, the first play() call and the frame. */
export interface Timeline {
  steps: Step[];
  play: number;
  frame: number;
}

/**
 * Installed in the page before its own scripts: times the first play() call, then watches that
 * video for its first frame, `waiting` after playback started, and quality switches (hls.js's
 * LEVEL_SWITCHED when the page reports it, else a change in the video's height). On request it
 * seeks that video and times the first frame at the new time, and times the seek bar's
 * thumbnail from the first pointer movement over the bar.
 */
export function probe() {
  // The thumbnail's sprite is found by its resource timing entry: keep them all, segments too.
  performance.setResourceTimingBufferSize(100_000);
  const seen = {
    seek: null as { from: number; to: number; frame: number | null; buffered: boolean } | null,
    thumbnail: null as number | null,
    start: 0,
    firstFrame: null as number | null,
    firstSwitch: null as { at: number; from: number; to: number } | null,
    rebuffers: 0,
    heights: [] as number[],
    errors: [] as string[],
    manifest: '',
    video: null as HTMLVideoElement | null,
    viaHls: false,
    timeline: null as Timeline | null,
  };
  // The player's own requests, by a short name: the grant, the player's chunks, the programme's files.
  const stepName = (url: string): string | null => {
    const path = new URL(url).pathname;
    if (path === '/api/playback/grants') return 'grant';
    const file = path.slice(path.lastIndexOf('/') + 1);
    if (path.startsWith('/media/grants/')) return file;
    if (path.startsWith('/assets/') && /^(PlayerScreen|player-grant|hls-playback|hls|library-programmes)-/.test(file))
      return file.replace(/-[\w-]{8}\.js$/, '.js');
    if (path.startsWith('/tmdb/')) return `catalogue ${path.replace(/^\/tmdb\/3/, '')}`;
    return null;
  };
  const timeline = (): Timeline => ({
    steps: performance
      .getEntriesByType('resource')
      .flatMap((entry) => {
        const name = stepName(entry.name);
        return name ? [{ name, start: entry.startTime, end: entry.responseEnd }] : [];
      })
      .sort((a, b) => a.start - b.start),
    play: seen.start,
    frame: performance.now(),
  });
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
        seen.timeline ??= timeline();
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
      /** Seeks `ahead` seconds on (short of the end) and watches the frames for the new time. */
      seek: (ahead: number) => {
        const video = seen.video;
        if (!video) return;
        const from = video.currentTime;
        const to = Math.max(from, Math.min(from + ahead, video.duration - 15));
        const ranges = Array.from({ length: video.buffered.length }, (_, i) => [
          video.buffered.start(i),
          video.buffered.end(i),
        ]);
        const buffered = ranges.some(([start, end]) => to >= start! && to < end!);
        const seek = { from, to, frame: null as number | null, buffered };
        seen.seek = seek;
        const start = performance.now();
        // The callback may come first for a frame from before the seek: wait for the new time's.
        const onFrame = (_now: number, frame: VideoFrameCallbackMetadata) => {
          if (Math.abs(frame.mediaTime - to) < 1) seek.frame = performance.now() - start;
          else video.requestVideoFrameCallback(onFrame);
        };
        video.requestVideoFrameCallback(onFrame);
        video.currentTime = to;
      },
      /**
       * Arms the thumbnail's timer: from the first pointermove over the seek bar to the first
       * animation frame in which the thumbnail is visible and its sprite has been fetched.
       */
      watchThumbnail: (bar: string, thumbnail: string) => {
        const onMove = (event: PointerEvent) => {
          if (!(event.target instanceof Element) || !event.target.closest(bar)) return;
          document.removeEventListener('pointermove', onMove, true);
          const start = event.timeStamp;
          const check = () => {
            const shown = document.querySelector(thumbnail);
            const sprite = shown && /url\("?([^")]+)"?\)/.exec(getComputedStyle(shown).backgroundImage)?.[1];
            if (
              shown?.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
              shown.getBoundingClientRect().width > 0 &&
              sprite &&
              performance.getEntriesByName(sprite).length > 0
            )
              seen.thumbnail = performance.now() - start;
            else if (performance.now() - start < 10_000) requestAnimationFrame(check);
          };
          check();
        };
        document.addEventListener('pointermove', onMove, true);
      },
      read: () => ({
        firstFrame: seen.firstFrame,
        firstSwitch: seen.firstSwitch,
        rebuffers: seen.rebuffers,
        playedSeconds: seen.video?.currentTime ?? 0,
        heights: seen.heights,
        errors: seen.errors,
        manifest: seen.manifest,
        seek: seen.seek,
        thumbnail: seen.thumbnail,
        timeline: seen.timeline,
      }),
    },
  });
}

export const read = (page: Page) =>
  page.evaluate(() => (window as unknown as { __probe: { read(): Observation } }).__probe.read());

export type Probe = {
  read(): Observation;
  seek(ahead: number): void;
  watchThumbnail(bar: string, thumbnail: string): void;
};
export const probeOf = (page: Page) => page.evaluateHandle(() => (window as unknown as { __probe: Probe }).__probe);
