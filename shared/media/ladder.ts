/**
 * The one definition of the HLS ladder's rungs: each names a box (the largest picture of that
 * rung) and the video bit rate for real footage. Ingest makes every rung the source fills
 * (never above it); the demo programmes use the same names and boxes at their own, far lower
 * rates (calm generated pictures).
 */
export interface LadderRung {
  name: '360p' | '540p' | '720p' | '1080p' | '2160p';
  width: number;
  height: number;
  /** H.264 video bit rate in kbit/s (capped with maxrate/bufsize). */
  kbps: number;
}

export const LADDER_RUNGS: readonly LadderRung[] = [
  { name: '360p', width: 640, height: 360, kbps: 800 },
  { name: '540p', width: 960, height: 540, kbps: 1600 },
  { name: '720p', width: 1280, height: 720, kbps: 3000 },
  { name: '1080p', width: 1920, height: 1080, kbps: 5500 },
  { name: '2160p', width: 3840, height: 2160, kbps: 16000 },
];

/** Ladder segments: a keyframe every 4 s in every rung, so that segments align and players switch cleanly. */
export const LADDER_SEGMENT_SECONDS = 4;
/** Remuxed segments are cut at the source's own keyframes, the first at or after this length. */
export const REMUX_SEGMENT_SECONDS = 6;
/** AAC audio rendition rate (kbit/s, stereo). */
export const AUDIO_KBPS = 128;

/** A rung as made for one source: its name, the picture size and its video rate. */
export interface PlannedRung {
  name: string;
  width: number;
  height: number;
  kbps: number;
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * The rungs to make for a source `width`×`height` (display size, square pixels): every rung
 * whose box the source fills in at least one dimension, each fitted into its box with the
 * source's shape. A source smaller than the lowest box gets one rung at its own size.
 */
export function rungsFor(width: number, height: number): PlannedRung[] {
  const fit = (rung: LadderRung): PlannedRung => {
    const scale = Math.min(rung.width / width, rung.height / height, 1);
    return { name: rung.name, width: even(width * scale), height: even(height * scale), kbps: rung.kbps };
  };
  const made = LADDER_RUNGS.filter((rung) => width >= rung.width || height >= rung.height).map(fit);
  if (made.length > 0) return made;
  const lowest = LADDER_RUNGS[0]!;
  const share = (even(width) * even(height)) / (lowest.width * lowest.height);
  return [
    {
      name: `${even(height)}p`,
      width: even(width),
      height: even(height),
      kbps: Math.max(200, Math.round(lowest.kbps * share)),
    },
  ];
}
