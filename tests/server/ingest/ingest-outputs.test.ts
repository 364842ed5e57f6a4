import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import type { IngestProgress } from '../../../shared/media/ingest.ts';
import { engine, ffmpeg, ffprobeJson, parseMaster, parseMedia, tempFolder } from './sources.ts';

// Sources are made here, at test time: a few seconds each at low resolution.
let sources: string;
beforeAll(() => {
  sources = tempFolder('marquee-ingest-sources-');
  writeFileSync(
    join(sources, 'chapters.txt'),
    [
      ';FFMETADATA1',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      'START=0',
      'END=3000',
      'title=Opening Credits',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      'START=3000',
      'END=9000',
      'title=The Story',
      '[CHAPTER]',
      'TIMEBASE=1/1000',
      'START=9000',
      'END=12000',
      'title=End Credits',
      '',
    ].join('\n'),
  );
  // H.264/AAC in Matroska, 12 s, English and French audio, three chapters.
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=320x180:r=25:d=12'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=12'],
      ...['-f', 'lavfi', '-i', 'sine=f=660:d=12'],
      ...['-i', 'chapters.txt'],
      ...['-map', '0', '-map', '1', '-map', '2', '-map_chapters', '3'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '50', '-c:a', 'aac', '-b:a', '64k'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=fre'],
      'film.mkv',
    ],
    sources,
  );
  writeFileSync(
    join(sources, 'film.en.srt'),
    '1\n00:00:01,000 --> 00:00:03,500\nHello from an <i>external</i> file.\n\n2\n00:00:05,000 --> 00:00:07,000\nSecond line.\n',
  );
  // VP9/Opus, 960x540, 12 s, with an embedded German SubRip track.
  writeFileSync(join(sources, 'embedded.srt'), '1\n00:00:00,500 --> 00:00:02,000\nGuten Tag.\n');
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=960x540:r=24:d=12'],
      ...['-f', 'lavfi', '-i', 'sine=f=330:d=12'],
      ...['-i', 'embedded.srt'],
      ...['-map', '0', '-map', '1', '-map', '2'],
      ...['-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '400k'],
      ...['-c:a', 'libopus', '-b:a', '48k', '-c:s', 'srt', '-metadata:s:s:0', 'language=ger'],
      'show.mkv',
    ],
    sources,
  );
}, 120_000);

describe('an H.264/AAC source', () => {
  it('is remuxed without re-encoding, with both audio languages, the external subtitles, trickplay and markers', async () => {
    const { ingest, dataDir } = engine();
    await ingest.enqueue({
      key: 'film',
      sourcePath: join(sources, 'film.mkv'),
      externalSubtitles: [{ path: join(sources, 'film.en.srt'), language: 'en' }],
    });
    await ingest.idle();
    const status = ingest.status('film')!;
    expect(status.state, status.reason).toBe('ready');
    const out = join(dataDir, 'library', 'film');
    expect(status.playlist).toBe(join(out, 'master.m3u8'));
    expect(status.result!.kind).toBe('remux');

    const master = parseMaster(join(out, 'master.m3u8'));
    // One variant at the source's own size: the picture is copied, not scaled.
    expect(master.variants).toHaveLength(1);
    expect(master.variants[0]).toMatchObject({ RESOLUTION: '320x180', AUDIO: 'audio', SUBTITLES: 'subs' });
    expect(master.variants[0]!.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
    expect(Number(master.variants[0]!.BANDWIDTH)).toBeGreaterThan(0);
    const audio = master.media.filter((m) => m.TYPE === 'AUDIO');
    expect(audio.map((m) => [m.LANGUAGE, m.NAME, m.DEFAULT])).toEqual([
      ['en', 'English', 'YES'],
      ['fr', 'French', 'NO'],
    ]);
    const subs = master.media.filter((m) => m.TYPE === 'SUBTITLES');
    expect(subs.map((m) => [m.LANGUAGE, m.NAME])).toEqual([['en', 'English']]);

    // The video stream is the source's own bits: same codec, profile and size, no re-encode.
    const made = ffprobeJson(join(out, master.variants[0]!.uri));
    const source = ffprobeJson(join(sources, 'film.mkv'));
    const v = (p: typeof made) => p.streams.find((s) => s.codec_type === 'video')!;
    expect([v(made).codec_name, v(made).profile, v(made).width]).toEqual([
      v(source).codec_name,
      v(source).profile,
      320,
    ]);
    expect(parseMedia(join(out, master.variants[0]!.uri))).toMatchObject({ type: 'VOD', ended: true });
    // Audio: AAC copied, one rendition per language, fMP4.
    expect(ffprobeJson(join(out, audio[1]!.URI!)).streams[0]).toMatchObject({ codec_name: 'aac' });

    // The .srt became WebVTT, with HLS's time map, tags kept as WebVTT tags.
    const vtt = readFileSync(join(out, 'subtitles-0.vtt'), 'utf8');
    expect(vtt).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00\.000\n/);
    expect(vtt).toContain('00:01.000 --> 00:03.500');
    expect(vtt).toContain('Hello from an <i>external</i> file.');
    const subtitleSegments = parseMedia(join(out, subs[0]!.URI!)).durations;
    expect(subtitleSegments).toHaveLength(1);
    expect(subtitleSegments[0]).toBeCloseTo(12, 1);

    // Trickplay: a thumbnail every 10 s (two for 12 s), 320 px wide, tiled 10x10 in one sheet.
    const index = readFileSync(join(out, 'trickplay', 'thumbnails.vtt'), 'utf8');
    expect(index).toMatch(
      new RegExp(
        '^WEBVTT\n\n' +
          '00:00:00\\.000 --> 00:00:10\\.000\nsprite-001\\.jpg#xywh=0,0,320,180\n\n' +
          '00:00:10\\.000 --> 00:00:12\\.0\\d\\d\nsprite-001\\.jpg#xywh=320,0,320,180\n$',
      ),
    );
    const sheet = ffprobeJson(join(out, 'trickplay', 'sprite-001.jpg')).streams[0]!;
    expect([sheet.width, sheet.height]).toEqual([3200, 1800]);

    // Chapters from the container, and markers from those named so.
    expect(status.result!.chapters.map((c) => c.title)).toEqual(['Opening Credits', 'The Story', 'End Credits']);
    expect(status.result!.markers).toEqual([
      { kind: 'intro', start: 0, end: 3 },
      { kind: 'credits', start: 9, end: 12 },
    ]);
    expect(JSON.parse(readFileSync(join(out, 'programme.json'), 'utf8'))).toEqual(status.result);
    // Nothing half-made is left beside the published folder.
    expect(readdirSync(join(dataDir, 'library', '.partial'))).toEqual([]);
  }, 120_000);
});

describe('a VP9/Opus source', () => {
  it('is transcoded into an aligned H.264 ladder no higher than the source, playable early from its lowest rung', async () => {
    const { ingest, dataDir } = engine({ priority: { nice: 0, threads: 1 } });
    const early: Array<{ progress: IngestProgress; preview: string; rung: string }> = [];
    ingest.subscribe((progress) => {
      if (progress.playable && progress.state === 'transcoding' && early.length === 0) {
        const playlist = ingest.status('show')!.playlist!;
        early.push({
          progress,
          preview: readFileSync(playlist, 'utf8'),
          rung: readFileSync(join(playlist, '..', '360p.m3u8'), 'utf8'),
        });
      }
    });
    await ingest.enqueue({ key: 'show', sourcePath: join(sources, 'show.mkv') });
    await ingest.idle();
    const status = ingest.status('show')!;
    expect(status.state, status.reason).toBe('ready');
    expect(status.result!.kind).toBe('ladder');

    // Early: a preview master naming the lowest rung, whose playlist is a growing EVENT one.
    expect(early).toHaveLength(1);
    expect(early[0]!.preview).toContain('360p.m3u8');
    expect(early[0]!.preview).not.toContain('540p');
    expect(early[0]!.rung).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(early[0]!.rung).not.toContain('#EXT-X-ENDLIST');

    const out = join(dataDir, 'library', 'show');
    expect(existsSync(join(out, 'preview.m3u8'))).toBe(false);
    const master = parseMaster(join(out, 'master.m3u8'));
    // 360p and 540p; never 720p or above for a 540p source.
    expect(master.variants.map((v) => [v.RESOLUTION, v.uri])).toEqual([
      ['640x360', '360p.m3u8'],
      ['960x540', '540p.m3u8'],
    ]);
    for (const variant of master.variants) {
      expect(variant.CODECS).toMatch(/^avc1\.[0-9a-f]{6},mp4a\.40\.2$/);
      expect(Number(variant.BANDWIDTH)).toBeGreaterThan(Number(variant['AVERAGE-BANDWIDTH']) * 0.9);
      const video = ffprobeJson(join(out, variant.uri)).streams[0]!;
      expect(video.codec_name).toBe('h264');
    }
    // Aligned: every rung cut into the same 4 s segments.
    const durations = master.variants.map((v) => parseMedia(join(out, v.uri)).durations);
    expect(durations[0]).toEqual([4, 4, 4]);
    expect(durations[1]).toEqual(durations[0]);
    // Opus became AAC; the embedded German SubRip a WebVTT rendition.
    const audio = master.media.filter((m) => m.TYPE === 'AUDIO');
    expect(audio).toHaveLength(1);
    expect(ffprobeJson(join(out, audio[0]!.URI!)).streams[0]).toMatchObject({ codec_name: 'aac' });
    const subs = master.media.filter((m) => m.TYPE === 'SUBTITLES');
    expect(subs.map((m) => [m.LANGUAGE, m.NAME])).toEqual([['de', 'German']]);
    expect(readFileSync(join(out, subs[0]!.URI!.replace('.m3u8', '.vtt')), 'utf8')).toContain('Guten Tag.');
  }, 120_000);
});
