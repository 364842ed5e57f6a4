import {
  AUDIO_KBPS,
  LADDER_SEGMENT_SECONDS,
  type PlannedRung,
  REMUX_SEGMENT_SECONDS,
  rungsFor,
} from '../../shared/media/ladder.ts';
import { MEDIA_DEMUXERS, type ProcessPriority, safeInput } from './ffmpeg.ts';
import {
  aacCodec,
  type AudioRendition,
  languageName,
  languageTag,
  uniqueLabels,
  type VideoRendition,
} from './playlists.ts';
import { canRemux, type Probe } from './probe.ts';

/** What one source becomes: remuxed as it is, or a ladder of H.264 rungs; and its audio renditions. */
export interface Plan {
  kind: 'remux' | 'ladder';
  /** Lowest first: the first is the early-playable rung. */
  video: Array<VideoRendition & { kbps: number }>;
  audio: AudioRendition[];
  /** ffmpeg's arguments for the main pass, run in the output folder. */
  args: string[];
}

/** The HLS muxer's options for one fMP4 rendition: a growing (EVENT) playlist, its init and segments beside it. */
function hlsOutput(name: string, segment: number): string[] {
  return [
    '-f',
    'hls',
    '-hls_time',
    String(segment),
    '-hls_playlist_type',
    'event',
    '-hls_segment_type',
    'fmp4',
    // temp_file: a segment or playlist appears under its name only once written whole.
    '-hls_flags',
    'independent_segments+temp_file',
    '-hls_fmp4_init_filename',
    `${name}-init.mp4`,
    '-hls_segment_filename',
    `${name}-%05d.m4s`,
    '-map_metadata',
    '-1',
    `${name}.m3u8`,
  ];
}

function audioRenditions(probe: Probe, copy: (codec: string) => boolean): AudioRendition[] {
  const labels = uniqueLabels(
    probe.audio.map((a) => {
      const language = languageTag(a.language);
      const name = languageName(language, `Audio ${a.order + 1}`);
      // "English – Audio Description", as the player's menu and the real service name it.
      return a.title?.trim() || (a.describes ? `${name} – Audio Description` : name);
    }),
  );
  const hasDefault = probe.audio.some((a) => a.isDefault);
  return probe.audio.map((a, i) => ({
    name: `audio-${a.order}`,
    language: languageTag(a.language),
    label: labels[i]!,
    channels: copy(a.codec) ? a.channels : 2,
    isDefault: hasDefault ? a.isDefault && !probe.audio.slice(0, i).some((b) => b.isDefault) : i === 0,
    describes: a.describes,
    codec: copy(a.codec) ? aacCodec(a.profile) : 'mp4a.40.2',
  }));
}

function audioOutputs(probe: Probe, copy: (codec: string) => boolean, segment: number, threads: number): string[] {
  return probe.audio.flatMap((a) => [
    '-map',
    `0:a:${a.order}`,
    ...(copy(a.codec)
      ? ['-c:a', 'copy']
      : ['-c:a', 'aac', '-b:a', `${AUDIO_KBPS}k`, '-ac', '2', '-ar', '48000', '-threads', String(threads)]),
    '-vn',
    '-sn',
    '-dn',
    ...hlsOutput(`audio-${a.order}`, segment),
  ]);
}

export interface LadderOptions {
  /** x264 preset: speed against quality at a given rate. */
  preset: string;
  priority: ProcessPriority;
}

/**
 * The main pass for a source. H.264 in 8-bit 4:2:0 is copied into fMP4 (AAC audio copied,
 * other audio encoded). Anything else is decoded once and split to every rung the source fills,
 * each encoded with a keyframe every 4 s exactly (fixed GOP, no scene-cut keyframes, forced
 * keyframes at the same times), so that segments align across rungs.
 */
export function planFor(sourcePath: string, probe: Probe, { preset, priority }: LadderOptions): Plan {
  const input = safeInput(sourcePath, MEDIA_DEMUXERS, probe.format);
  const threads = String(priority.threads);
  if (canRemux(probe)) {
    const copyAac = (codec: string) => codec === 'aac';
    const rung = {
      name: `${probe.video.height}p`,
      width: probe.video.width,
      height: probe.video.height,
      fps: probe.video.fps,
      kbps: 0,
    };
    return {
      kind: 'remux',
      video: [rung],
      audio: audioRenditions(probe, copyAac),
      args: [
        ...input,
        '-map',
        `0:v:0`,
        '-c:v',
        'copy',
        '-an',
        '-sn',
        '-dn',
        ...hlsOutput(rung.name, REMUX_SEGMENT_SECONDS),
        ...audioOutputs(probe, copyAac, REMUX_SEGMENT_SECONDS, priority.threads),
      ],
    };
  }
  const rungs: PlannedRung[] = rungsFor(probe.video.displayWidth, probe.video.height);
  // ffmpeg hands each decoded frame to the rungs' encoders one after another from its one main
  // thread, and an x264 encoder with no more frame threads than the cap blocks that thread until
  // its oldest frame is done: the rungs took turns on the cores instead of sharing them. Twice
  // the cap keeps each encoder's queue full (same CPU time, about a quarter less wall-clock time
  // on two cores: docs/library.md).
  const encoderThreads = String(priority.threads * 2);
  const fps = probe.video.fps > 0 && probe.video.fps <= 120 ? probe.video.fps : 25;
  const gop = String(Math.max(1, Math.round(fps * LADDER_SEGMENT_SECONDS)));
  // One decode feeds every rung, scaled in a cascade (1080p from the source, 720p from 1080p, and
  // so on down): each step scales a smaller picture than the source, which on two cores is the
  // difference between keeping up with real time and not.
  const graph = [...rungs.keys()]
    .reverse()
    .map((i, step) => {
      const r = rungs[i]!;
      const from = step === 0 ? '[0:v:0]' : `[c${step - 1}]`;
      const chain = `${from}scale=${r.width}:${r.height}:flags=bicubic,setsar=1${step === 0 ? ',format=yuv420p' : ''}`;
      return i === 0 ? `${chain}[v0]` : `${chain},split=2[v${i}][c${step}]`;
    })
    .join(';');
  const videoOutputs = rungs.flatMap((r, i) => [
    '-map',
    `[v${i}]`,
    '-c:v',
    'libx264',
    '-preset',
    preset,
    '-profile:v',
    'high',
    '-b:v',
    `${r.kbps}k`,
    '-maxrate',
    `${Math.round(r.kbps * 1.5)}k`,
    '-bufsize',
    `${r.kbps * 2}k`,
    '-g',
    gop,
    '-keyint_min',
    gop,
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${LADDER_SEGMENT_SECONDS})`,
    '-threads',
    encoderThreads,
    '-an',
    '-sn',
    '-dn',
    ...hlsOutput(r.name, LADDER_SEGMENT_SECONDS),
  ]);
  return {
    kind: 'ladder',
    video: rungs.map((r) => ({ ...r, fps })),
    audio: audioRenditions(probe, () => false),
    args: [
      ...input,
      '-filter_complex_threads',
      threads,
      '-filter_complex',
      graph,
      ...videoOutputs,
      ...audioOutputs(probe, () => false, LADDER_SEGMENT_SECONDS, priority.threads),
    ],
  };
}
