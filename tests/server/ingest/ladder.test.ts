import { describe, expect, it } from 'vitest';

import { readIngestConfig } from '../../../server/ingest/ingest-config.ts';
import { planFor } from '../../../server/ingest/plan.ts';
import { languageName, languageTag, mediaLines, uniqueLabels } from '../../../server/ingest/playlists.ts';
import type { Probe } from '../../../server/ingest/probe.ts';
import { trickplayLayout, trickplayVtt } from '../../../server/ingest/trickplay.ts';
import { rungsFor } from '../../../shared/media/ladder.ts';
import { markersFromChapters } from '../../../shared/media/markers.ts';

const sizes = (w: number, h: number) => rungsFor(w, h).map((r) => `${r.name} ${r.width}x${r.height}`);

describe('the ladder', () => {
  it('makes every rung the source fills, never above it, 2160p only from a 2160p source', () => {
    expect(sizes(1920, 1080)).toEqual(['360p 640x360', '540p 960x540', '720p 1280x720', '1080p 1920x1080']);
    expect(sizes(3840, 2160)).toEqual([
      '360p 640x360',
      '540p 960x540',
      '720p 1280x720',
      '1080p 1920x1080',
      '2160p 3840x2160',
    ]);
    expect(sizes(1280, 720)).toEqual(['360p 640x360', '540p 960x540', '720p 1280x720']);
    // A scope film (2.39:1) keeps its shape: the 1080p rung is as wide as the box, not as tall.
    expect(sizes(1920, 800)).toEqual(['360p 640x266', '540p 960x400', '720p 1280x534', '1080p 1920x800']);
    // Smaller than the lowest box: one rung at the source's own size.
    expect(sizes(320, 180)).toEqual(['180p 320x180']);
  });
});

describe('the ladder pass', () => {
  const mpeg4: Probe = {
    format: 'mov',
    duration: 600,
    video: {
      index: 0,
      codec: 'mpeg4',
      profile: 'Simple Profile',
      pixFmt: 'yuv420p',
      width: 1920,
      height: 1080,
      displayWidth: 1920,
      fps: 25,
    },
    audio: [
      {
        order: 0,
        codec: 'aac',
        profile: 'LC',
        channels: 2,
        language: 'eng',
        title: null,
        isDefault: true,
        describes: false,
      },
    ],
    subtitles: [],
    chapters: [],
  };

  it('decodes once and gives every rung’s encoder twice the thread cap, so that the rungs run at once', () => {
    const plan = planFor('/films/source.mp4', mpeg4, { preset: 'ultrafast', priority: { nice: 10, threads: 2 } });
    expect(plan.kind).toBe('ladder');
    expect(plan.args.filter((arg) => arg === '-i')).toHaveLength(1);
    const encoders = plan.args.flatMap((arg, i) => (arg === 'libx264' ? [i] : []));
    expect(encoders).toHaveLength(4);
    for (const at of encoders) {
      const threads = plan.args.indexOf('-threads', at);
      expect(plan.args[threads + 1]).toBe('4');
    }
    // The filter graph keeps the cap.
    expect(plan.args[plan.args.indexOf('-filter_complex_threads') + 1]).toBe('2');
  });
});

describe('markers', () => {
  it('come from chapters named intro, recap or credits', () => {
    const chapters = [
      { start: 0, end: 30, title: 'Previously on' },
      { start: 30, end: 75, title: 'Opening' },
      { start: 75, end: 1500, title: 'Chapter 3' },
      { start: 1500, end: 1560, title: 'End Credits' },
    ];
    expect(markersFromChapters(chapters)).toEqual([
      { kind: 'recap', start: 0, end: 30 },
      { kind: 'intro', start: 30, end: 75 },
      { kind: 'credits', start: 1500, end: 1560 },
    ]);
  });
});

describe('trickplay', () => {
  it("indexes a sheet's tiles row by row, and starts a new sheet after 100", () => {
    const layout = { ...trickplayLayout(1920, 1080), columns: 2, rows: 2 };
    expect(layout).toMatchObject({ interval: 10, width: 320, height: 180 });
    expect(trickplayVtt(45, layout).split('\n\n').slice(1)).toEqual([
      '00:00:00.000 --> 00:00:10.000\nsprite-001.jpg#xywh=0,0,320,180',
      '00:00:10.000 --> 00:00:20.000\nsprite-001.jpg#xywh=320,0,320,180',
      '00:00:20.000 --> 00:00:30.000\nsprite-001.jpg#xywh=0,180,320,180',
      '00:00:30.000 --> 00:00:40.000\nsprite-001.jpg#xywh=320,180,320,180',
      '00:00:40.000 --> 00:00:45.000\nsprite-002.jpg#xywh=0,0,320,180\n',
    ]);
  });
});

describe('languages and names', () => {
  it('turns the tags files carry into BCP 47 and English names, keeping names unique', () => {
    expect(['eng', 'fre', 'ger', 'pt-BR', 'und', '', 'not a tag!'].map(languageTag)).toEqual([
      'en',
      'fr',
      'de',
      'pt-BR',
      'und',
      'und',
      'und',
    ]);
    expect(languageName('fr', 'Audio 2')).toBe('French');
    expect(languageName('und', 'Audio 2')).toBe('Audio 2');
    expect(uniqueLabels(['English', 'English', 'French'])).toEqual(['English', 'English 2', 'French']);
  });
});

describe('audio description', () => {
  it('names a "visual impaired" track by language and kind, and marks it describes-video in the master', () => {
    const stream = { codec: 'aac', profile: 'LC', channels: 2, language: 'eng', title: null };
    const probe: Probe = {
      format: 'matroska,webm',
      duration: 60,
      video: {
        index: 0,
        codec: 'h264',
        profile: 'High',
        pixFmt: 'yuv420p',
        width: 640,
        height: 360,
        displayWidth: 640,
        fps: 25,
      },
      audio: [
        { ...stream, order: 0, isDefault: true, describes: false },
        { ...stream, order: 1, isDefault: false, describes: true },
      ],
      subtitles: [],
      chapters: [],
    };
    const plan = planFor('/films/film.mkv', probe, { preset: 'ultrafast', priority: { nice: 10, threads: 2 } });
    expect(plan.audio.map((a) => [a.label, a.language, a.isDefault, a.describes])).toEqual([
      ['English', 'en', true, false],
      ['English – Audio Description', 'en', false, true],
    ]);
    const [main, described] = mediaLines(plan.audio, []);
    expect(main).not.toContain('CHARACTERISTICS');
    expect(described).toContain('NAME="English – Audio Description",LANGUAGE="en",DEFAULT=NO');
    expect(described).toContain('CHARACTERISTICS="public.accessibility.describes-video"');
  });
});

describe('configuration', () => {
  it('reads one job at a time by default, and refuses a bad value with its name', () => {
    expect(readIngestConfig({})).toMatchObject({ jobs: 1, preset: 'ultrafast', priority: { nice: 10 } });
    expect(readIngestConfig({ MARQUEE_TRANSCODE_JOBS: '2' }).jobs).toBe(2);
    expect(() => readIngestConfig({ MARQUEE_TRANSCODE_JOBS: '0' })).toThrow(/MARQUEE_TRANSCODE_JOBS must be/);
    expect(() => readIngestConfig({ MARQUEE_TRANSCODE_PRESET: 'warp' })).toThrow(
      /MARQUEE_TRANSCODE_PRESET must be one of/,
    );
  });
});
