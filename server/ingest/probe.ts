import type { Chapter } from '../../shared/media/markers.ts';
import { FFPROBE, MEDIA_DEMUXERS, runToEnd, safeInput } from './ffmpeg.ts';

export interface VideoStream {
  index: number;
  codec: string;
  profile: string;
  pixFmt: string;
  width: number;
  height: number;
  /** Width with non-square pixels made square (what a player shows). */
  displayWidth: number;
  /** Frames a second, when the stream says (0 when unknown). */
  fps: number;
}

export interface AudioStream {
  /** The stream's position among the file's audio streams (`0:a:N`). */
  order: number;
  codec: string;
  /** The codec's profile as ffprobe names it (`LC`, `HE-AAC`), for the CODECS attribute of a copied track. */
  profile: string;
  channels: number;
  /** ISO 639 code as tagged (`eng`, `fre`, `en`), or 'und'. */
  language: string;
  title: string | null;
  isDefault: boolean;
  /** Audio description: the stream's "visual impaired" disposition (Matroska's flag, MP4's kind). */
  describes: boolean;
}

export interface SubtitleStream {
  /** The stream's position among the file's subtitle streams (`0:s:N`). */
  order: number;
  codec: string;
  language: string;
  title: string | null;
  /** Text subtitles become WebVTT; pictures (PGS, DVD) cannot. */
  isText: boolean;
  forced: boolean;
}

export interface Probe {
  /** The demuxer ffprobe chose (the first of its names), forced when ffmpeg opens the file. */
  format: string;
  duration: number;
  video: VideoStream;
  audio: AudioStream[];
  subtitles: SubtitleStream[];
  chapters: Chapter[];
}

/** A file that cannot be ingested, with the reason in the operator's words. */
export class ProbeError extends Error {}

const TEXT_SUBTITLES = new Set(['subrip', 'srt', 'ass', 'ssa', 'webvtt', 'mov_text', 'text']);

interface RawStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  disposition?: Record<string, number>;
  tags?: Record<string, string>;
}
interface RawProbe {
  format?: { format_name?: string; duration?: string };
  streams?: RawStream[];
  chapters?: Array<{ start_time?: string; end_time?: string; tags?: Record<string, string> }>;
}

const ratio = (text: string | undefined): number => {
  const [a, b] = (text ?? '').split(/[:/]/).map(Number);
  return a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && a > 0 && b > 0 ? a / b : 0;
};

const UNREADABLE = /moov atom not found|Invalid data found|End of file|Truncat|could not find codec parameters/i;

/** Why ffprobe refused a file, from its stderr, in words an operator can act on. */
function refusal(stderr: string): string {
  const notAllowed = /\[(\w+) @ [^\]]+\] Format not on whitelist/.exec(stderr);
  if (notAllowed) {
    return `refused: the file is in the ${notAllowed[1]} format, which refers to other files; only self-contained video files are ingested`;
  }
  const lines = stderr
    .split('\n')
    .map((line) =>
      line
        .replace(/^\[[^\]]+\] /, '')
        .replace(/file:/g, '')
        .trim(),
    )
    .filter(Boolean);
  // The first line that names the trouble ("moov atom not found") says more than the last.
  const telling = lines.find((line) => UNREADABLE.test(line));
  if (telling) return `not a readable video file (truncated, corrupt, or not video): ${telling}`;
  return `cannot be read: ${lines.at(-1) ?? 'ffprobe gave no reason'}`;
}

/**
 * Probes a library file with ffprobe: file protocol only, self-contained demuxers only. Throws
 * ProbeError with the reason when the file is not a video Marquee can ingest.
 */
export async function probe(path: string): Promise<Probe> {
  let output: string;
  try {
    output = await runToEnd(FFPROBE, [
      '-v',
      'error',
      '-of',
      'json',
      '-show_format',
      '-show_streams',
      '-show_chapters',
      ...safeInput(path, MEDIA_DEMUXERS),
    ]);
  } catch (error) {
    throw new ProbeError(refusal((error as Error).message));
  }
  return fromJson(JSON.parse(output) as RawProbe);
}

function fromJson(raw: RawProbe): Probe {
  const format = raw.format?.format_name?.split(',')[0];
  if (!format) throw new ProbeError('not a readable video file: ffprobe found no container');
  const streams = raw.streams ?? [];
  const video = streams.find(
    (s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0 && (s.height ?? 0) > 0,
  );
  if (!video) throw new ProbeError('not a video file: it has no video stream');
  const duration = Number(raw.format?.duration);
  if (!Number.isFinite(duration) || duration <= 0) {
    throw new ProbeError('not a readable video file: its duration is unknown (truncated or still being written?)');
  }
  const tag = (s: RawStream, name: string) => s.tags?.[name] ?? s.tags?.[name.toUpperCase()] ?? null;
  const width = video.width!;
  const height = video.height!;
  const sar = ratio(video.sample_aspect_ratio) || 1;
  const audio = streams
    .filter((s) => s.codec_type === 'audio')
    .map((s, order) => ({
      order,
      codec: s.codec_name ?? 'unknown',
      profile: s.profile ?? '',
      channels: s.channels ?? 2,
      language: tag(s, 'language') ?? 'und',
      title: tag(s, 'title'),
      isDefault: s.disposition?.default === 1,
      describes: s.disposition?.visual_impaired === 1,
    }));
  const subtitles = streams
    .filter((s) => s.codec_type === 'subtitle')
    .map((s, order) => ({
      order,
      codec: s.codec_name ?? 'unknown',
      language: tag(s, 'language') ?? 'und',
      title: tag(s, 'title'),
      isText: TEXT_SUBTITLES.has(s.codec_name ?? ''),
      forced: s.disposition?.forced === 1,
    }));
  const chapters = (raw.chapters ?? [])
    .map((c, i) => ({
      start: Number(c.start_time),
      end: Number(c.end_time),
      title: c.tags?.title ?? `Chapter ${i + 1}`,
    }))
    .filter((c) => Number.isFinite(c.start) && Number.isFinite(c.end) && c.end > c.start);
  return {
    format,
    duration,
    video: {
      index: video.index,
      codec: video.codec_name ?? 'unknown',
      profile: video.profile ?? '',
      pixFmt: video.pix_fmt ?? '',
      width,
      height,
      displayWidth: Math.round(width * sar),
      fps: ratio(video.avg_frame_rate) || ratio(video.r_frame_rate),
    },
    audio,
    subtitles,
    chapters,
  };
}

/**
 * Whether a source can be remuxed without re-encoding its picture: H.264 in 8-bit 4:2:0 (what
 * every browser decodes). Its audio is copied when it is AAC and encoded to AAC otherwise.
 */
export function canRemux(p: Probe): boolean {
  return (
    p.video.codec === 'h264' &&
    ['yuv420p', 'yuvj420p'].includes(p.video.pixFmt) &&
    p.video.displayWidth === p.video.width
  );
}
