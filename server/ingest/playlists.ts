import { readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * HLS playlists ingest writes itself: the master (ffmpeg's own cannot name several audio
 * languages and WebVTT renditions beside fMP4 variants), the subtitles' media playlists, and the
 * early preview. Media playlists of video and audio are ffmpeg's.
 */

export interface VideoRendition {
  /** The media playlist's base name (`360p`): `360p.m3u8`, `360p-init.mp4`. */
  name: string;
  width: number;
  height: number;
  fps: number;
}

export interface AudioRendition {
  name: string;
  /** BCP 47 (`en`), or 'und'. */
  language: string;
  label: string;
  channels: number;
  isDefault: boolean;
  /** Audio description: named with the HLS characteristic public.accessibility.describes-video. */
  describes?: boolean;
  /** RFC 6381 codec string (`mp4a.40.2`). */
  codec: string;
}

export interface SubtitleRendition {
  name: string;
  language: string;
  label: string;
  forced: boolean;
}

const displayNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** An ISO 639 tag as written in files (`eng`, `fre`, `pt-BR`) as BCP 47 (`en`, `fr`, `pt-BR`); 'und' when unknown. */
export function languageTag(tag: string | null | undefined): string {
  if (!tag || tag === 'und') return 'und';
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'und';
  } catch {
    return 'und';
  }
}

/** A language's English name (`French`), or `fallback` when the tag names none. */
export function languageName(tag: string, fallback: string): string {
  if (tag === 'und') return fallback;
  const name = displayNames.of(tag);
  return name && name !== tag ? name : fallback;
}

/** Names unique within a group (HLS requires it): a repeated "English" becomes "English 2". */
export function uniqueLabels(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((label) => {
    const count = (seen.get(label) ?? 0) + 1;
    seen.set(label, count);
    return count === 1 ? label : `${label} ${count}`;
  });
}

/** A media playlist's segments: duration and file. */
export function readMediaPlaylist(path: string): {
  map: string | null;
  segments: Array<{ duration: number; uri: string }>;
  ended: boolean;
} {
  const lines = readFileSync(path, 'utf8').split('\n');
  const segments: Array<{ duration: number; uri: string }> = [];
  let map: string | null = null;
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-MAP:')) map = /URI="([^"]+)"/.exec(line)?.[1] ?? null;
    if (line.startsWith('#EXTINF:'))
      segments.push({ duration: Number.parseFloat(line.slice(8)), uri: lines[i + 1]!.trim() });
  });
  return { map, segments, ended: lines.some((line) => line.trim() === '#EXT-X-ENDLIST') };
}

/** Peak and average bit rates (bit/s) of a rendition, as EXT-X-STREAM-INF defines them. */
export function bitRates(dir: string, playlist: string): { peak: number; average: number } {
  const { segments } = readMediaPlaylist(join(dir, playlist));
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  const target = Math.max(1, ...segments.map((s) => s.duration));
  for (const { duration, uri } of segments) {
    const size = statSync(join(dir, uri)).size * 8;
    bits += size;
    seconds += duration;
    // A short last segment would inflate the peak: rate it over a full one.
    peak = Math.max(peak, size / Math.max(duration, target * 0.75));
  }
  return { peak: Math.ceil(peak), average: seconds > 0 ? Math.ceil(bits / seconds) : 0 };
}

/** The RFC 6381 codec string of an H.264 init segment, from its avcC box (profile, constraints, level). */
export function avcCodec(initPath: string): string {
  const data = readFileSync(initPath);
  const at = data.indexOf('avcC');
  if (at < 0) throw new Error(`${initPath} has no avcC box`);
  const hex = (b: number) => b.toString(16).padStart(2, '0');
  return `avc1.${hex(data[at + 5]!)}${hex(data[at + 6]!)}${hex(data[at + 7]!)}`;
}

/** The CODECS value of an AAC track by its profile. */
export function aacCodec(profile: string): string {
  if (/HE-AACv2/i.test(profile)) return 'mp4a.40.29';
  if (/HE-AAC/i.test(profile)) return 'mp4a.40.5';
  return 'mp4a.40.2';
}

const quote = (text: string) => text.replace(/["\n\r]/g, "'");

export function mediaLines(audio: readonly AudioRendition[], subtitles: readonly SubtitleRendition[]): string[] {
  const lines: string[] = [];
  for (const a of audio) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="${quote(a.label)}",` +
        (a.language !== 'und' ? `LANGUAGE="${a.language}",` : '') +
        `DEFAULT=${a.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES,` +
        (a.describes ? 'CHARACTERISTICS="public.accessibility.describes-video",' : '') +
        `CHANNELS="${a.channels}",URI="${a.name}.m3u8"`,
    );
  }
  for (const s of subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="${quote(s.label)}",` +
        (s.language !== 'und' ? `LANGUAGE="${s.language}",` : '') +
        `DEFAULT=NO,AUTOSELECT=YES,FORCED=${s.forced ? 'YES' : 'NO'},URI="${s.name}.m3u8"`,
    );
  }
  return lines;
}

/**
 * master.m3u8: every video rendition as a variant with CODECS, RESOLUTION and BANDWIDTH (its
 * peak plus the highest audio peak), each audio track as an alternate rendition with its language,
 * each subtitle as a WebVTT rendition.
 */
export function writeMaster(
  dir: string,
  file: string,
  video: readonly VideoRendition[],
  audio: readonly AudioRendition[],
  subtitles: readonly SubtitleRendition[],
): void {
  const audioRates = audio.map((a) => bitRates(dir, `${a.name}.m3u8`));
  const audioPeak = Math.max(0, ...audioRates.map((r) => r.peak));
  const audioAverage = Math.max(0, ...audioRates.map((r) => r.average));
  const audioCodec = audio.find((a) => a.isDefault)?.codec ?? audio[0]?.codec;
  const lines = ['#EXTM3U', '#EXT-X-VERSION:7', '#EXT-X-INDEPENDENT-SEGMENTS', ...mediaLines(audio, subtitles)];
  for (const v of video) {
    const rates = bitRates(dir, `${v.name}.m3u8`);
    const codecs = [avcCodec(join(dir, `${v.name}-init.mp4`)), ...(audioCodec ? [audioCodec] : [])].join(',');
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${rates.peak + audioPeak},AVERAGE-BANDWIDTH=${rates.average + audioAverage},` +
        `CODECS="${codecs}",RESOLUTION=${v.width}x${v.height}` +
        (v.fps > 0 ? `,FRAME-RATE=${v.fps.toFixed(3)}` : '') +
        (audio.length ? ',AUDIO="audio"' : '') +
        (subtitles.length ? ',SUBTITLES="subs"' : ''),
      `${v.name}.m3u8`,
    );
  }
  writeFileSync(join(dir, file), `${lines.join('\n')}\n`);
}

/**
 * The early master (preview.m3u8): the lowest rung and the first audio track, whose EVENT
 * playlists grow while the ladder is made. Bandwidth is the rung's nominal rate: its
 * segments are still being written.
 */
export function writePreview(
  dir: string,
  video: VideoRendition & { kbps: number },
  audio: AudioRendition | undefined,
): void {
  const codecs = [avcCodec(join(dir, `${video.name}-init.mp4`)), ...(audio ? [audio.codec] : [])].join(',');
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...mediaLines(audio ? [{ ...audio, isDefault: true }] : [], []),
    `#EXT-X-STREAM-INF:BANDWIDTH=${(video.kbps * 1.5 + 160) * 1000},CODECS="${codecs}",RESOLUTION=${video.width}x${video.height}` +
      (audio ? ',AUDIO="audio"' : ''),
    `${video.name}.m3u8`,
  ];
  const temp = join(dir, 'preview.m3u8.tmp');
  writeFileSync(temp, `${lines.join('\n')}\n`);
  // Renamed into place: a reader never sees half a playlist.
  renameSync(temp, join(dir, 'preview.m3u8'));
}

/** A WebVTT subtitle rendition: one segment holding the whole file, with the MPEG-TS time map HLS asks for. */
export function writeSubtitlePlaylist(dir: string, name: string, duration: number): void {
  const vttPath = join(dir, `${name}.vtt`);
  const body = readFileSync(vttPath, 'utf8').replace(/^\uFEFF?WEBVTT[^\n]*\n/, '');
  writeFileSync(vttPath, `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n${body}`);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(duration))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXTINF:${duration.toFixed(3)},`,
    `${name}.vtt`,
    '#EXT-X-ENDLIST',
  ];
  writeFileSync(join(dir, `${name}.m3u8`), `${lines.join('\n')}\n`);
}

/** Once a growing (EVENT) media playlist is complete, it is published as VOD. */
export function sealPlaylist(path: string): void {
  const text = readFileSync(path, 'utf8');
  writeFileSync(path, text.replace('#EXT-X-PLAYLIST-TYPE:EVENT', '#EXT-X-PLAYLIST-TYPE:VOD'));
}
