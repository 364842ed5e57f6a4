import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { PAGE_POLICIES } from '../../server/http/security-headers.ts';
import { PROGRAMME_FILE, PROGRAMMES_DIR } from '../../server/media/video/programme-files.ts';
import { CLIPS_DIR } from '../../server/media/video/video-routes.ts';
import { parseMarkers } from '../../shared/media/marker-file.ts';
import { MOODS } from '../../shared/media/moods.ts';
import { programmeMarkersUrl, PROGRAMMES_PATH, programmeUrl } from '../../shared/media/programmes.ts';
import { TRICKPLAY_INTERVAL_SECONDS } from '../../shared/media/trickplay.ts';
import { parseThumbnailVtt } from '../../shared/media/trickplay-index.ts';
import { memberGrant } from './checkout-helpers.ts';

// The limit for all committed media, trailers and programmes together (decimal MB).
const MAX_MEDIA_BYTES = 60_000_000;

// No HLS playlist parser is installed (hls.js keeps its own internal), and these playlists are
// simple and made by our script: a few lines of parsing suffice to check what the issue asks.

/** `KEY=value,KEY="quoted, value"` → a record. */
function attributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, key, quoted, bare] of list.matchAll(/([A-Z0-9-]+)=(?:"([^"]*)"|([^,]*))/g)) out[key] = quoted ?? bare;
  return out;
}

function parseMaster(text: string) {
  const lines = text.split('\n').filter(Boolean);
  const media = lines.filter((l) => l.startsWith('#EXT-X-MEDIA:')).map((l) => attributes(l.slice(13)));
  const variants: Array<Record<string, string> & { uri: string }> = [];
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) variants.push({ ...attributes(line.slice(18)), uri: lines[i + 1]! });
  });
  return { lines, media, variants };
}

function parseMedia(text: string) {
  const lines = text.split('\n').filter(Boolean);
  const segments = lines.flatMap((line, i) =>
    line.startsWith('#EXTINF:') ? [{ duration: parseFloat(line.slice(8)), uri: lines[i + 1] }] : [],
  );
  const map = lines.find((l) => l.startsWith('#EXT-X-MAP:'));
  return {
    lines,
    segments,
    map: map && attributes(map.slice(11)).URI,
    target: Number(lines.find((l) => l.startsWith('#EXT-X-TARGETDURATION:'))?.slice(22)),
    total: segments.reduce((sum, s) => sum + s.duration, 0),
  };
}

const programmeFile = (mood: string, file: string) => join(PROGRAMMES_DIR, mood, file);
const read = (mood: string, file: string) => readFileSync(programmeFile(mood, file), 'utf8');

/** Every file under a folder, recursively, with its size. */
function sizes(dir: string): number[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sizes(join(dir, entry.name)) : [statSync(join(dir, entry.name)).size],
  );
}

describe.each(MOODS)('the %s programme', (mood) => {
  let master: ReturnType<typeof parseMaster>;
  beforeAll(() => {
    master = parseMaster(read(mood, 'master.m3u8'));
  });

  it('has a master playlist with a 360p/540p/720p H.264 ladder sharing two audio and one English subtitles rendition', () => {
    expect(master.lines[0]).toBe('#EXTM3U');
    const audio = master.media.filter((m) => m.TYPE === 'AUDIO');
    const subtitles = master.media.filter((m) => m.TYPE === 'SUBTITLES');
    // The soundtrack by default, and its audio-described version for those who choose it.
    expect(audio).toEqual([
      expect.objectContaining({ NAME: 'English', LANGUAGE: 'en', DEFAULT: 'YES', URI: 'audio.m3u8' }),
      expect.objectContaining({
        NAME: 'English – Audio Description',
        LANGUAGE: 'en',
        DEFAULT: 'NO',
        CHARACTERISTICS: 'public.accessibility.describes-video',
        URI: 'described.m3u8',
      }),
    ]);
    expect(audio[0]).not.toHaveProperty('CHARACTERISTICS');
    expect(new Set(audio.map((a) => a['GROUP-ID'])).size).toBe(1);
    expect(subtitles).toEqual([expect.objectContaining({ LANGUAGE: 'en', NAME: 'English', URI: 'subtitles.m3u8' })]);
    expect(master.variants.map((v) => v.RESOLUTION)).toEqual(['640x360', '960x540', '1280x720']);
    for (const variant of master.variants) {
      expect(variant.CODECS).toMatch(/^avc1\.(4d|64)[0-9a-f]{4},mp4a\.40\.2$/);
      expect(variant.AUDIO).toBe(audio[0]['GROUP-ID']);
      expect(variant.SUBTITLES).toBe(subtitles[0]['GROUP-ID']);
      expect(Number(variant['AVERAGE-BANDWIDTH'])).toBeGreaterThan(0);
      expect(Number(variant['AVERAGE-BANDWIDTH'])).toBeLessThanOrEqual(Number(variant.BANDWIDTH));
      expect(Number(variant.BANDWIDTH)).toBeLessThan(3_000_000);
    }
    // Distinct steps, so adaptive streaming has something to switch between.
    const bandwidths = master.variants.map((v) => Number(v['AVERAGE-BANDWIDTH']));
    expect(bandwidths).toEqual([...bandwidths].sort((a, b) => a - b));
    expect(new Set(bandwidths).size).toBe(3);
  });

  it("declares each rendition's codec as its init segment says (profile, constraints, level)", () => {
    for (const variant of master.variants) {
      const init = readFileSync(programmeFile(mood, parseMedia(read(mood, variant.uri)).map!));
      const at = init.indexOf('avcC');
      const codec = `avc1.${[...init.subarray(at + 5, at + 8)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
      expect(variant.CODECS.split(',')[0]).toBe(codec);
    }
  });

  it.each(['360p.m3u8', '540p.m3u8', '720p.m3u8', 'audio.m3u8', 'described.m3u8', 'subtitles.m3u8'])(
    '%s is a VOD playlist of ~4 s segments lasting at least 2 minutes, all present',
    (playlist) => {
      const media = parseMedia(read(mood, playlist));
      expect(media.lines).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.lines.at(-1)).toBe('#EXT-X-ENDLIST');
      expect(media.target).toBe(4);
      expect(media.total).toBeGreaterThanOrEqual(120);
      for (const { duration } of media.segments.slice(0, -1)) expect(duration).toBeCloseTo(4, 1);
      for (const { duration } of media.segments) expect(duration).toBeLessThanOrEqual(media.target + 0.5);
      if (playlist !== 'subtitles.m3u8') {
        expect(readFileSync(programmeFile(mood, media.map!)).toString('latin1', 4, 8)).toBe('ftyp');
      }
      for (const { uri } of media.segments) {
        expect(uri).toMatch(/^[a-z0-9]+-\d{3}\.(m4s|vtt)$/);
        const bytes = readFileSync(programmeFile(mood, uri));
        if (uri.endsWith('.vtt')) expect(bytes.toString('utf8')).toMatch(/^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:\d+,LOCAL:/);
        else expect(['styp', 'moof']).toContain(bytes.toString('latin1', 4, 8));
      }
    },
  );

  it('has its audio description as long as the soundtrack, segment for segment', () => {
    const described = parseMedia(read(mood, 'described.m3u8')).segments;
    const soundtrack = parseMedia(read(mood, 'audio.m3u8')).segments;
    expect(described).toHaveLength(soundtrack.length);
    expect(described.reduce((sum, s) => sum + s.duration, 0)).toBeCloseTo(
      soundtrack.reduce((sum, s) => sum + s.duration, 0),
      1,
    );
  });

  it('video renditions cut at the same 4 s boundaries, so players switch cleanly', () => {
    const durations = ['360p.m3u8', '540p.m3u8', '720p.m3u8'].map((p) =>
      parseMedia(read(mood, p)).segments.map((s) => s.duration),
    );
    expect(durations[1]).toEqual(durations[0]);
    expect(durations[2]).toEqual(durations[0]);
    expect(durations[0].every((d) => d === 4)).toBe(true);
  });

  it('has seek-bar thumbnails: one every 10 s over the whole programme, each a 160×90 region of its sprite', () => {
    const cues = parseThumbnailVtt(read(mood, 'trickplay.vtt'));
    const duration = parseMedia(read(mood, '360p.m3u8')).segments.reduce((sum, s) => sum + s.duration, 0);
    expect(cues).toHaveLength(Math.ceil(duration / TRICKPLAY_INTERVAL_SECONDS));
    cues.forEach((cue, index) => {
      expect(cue.start).toBe(index * TRICKPLAY_INTERVAL_SECONDS);
      expect(cue).toMatchObject({ url: 'trickplay.jpg', width: 160, height: 90 });
    });
    expect(cues.at(-1)!.end).toBeCloseTo(duration, 0);
  });

  it('has skip markers: the title card as its intro, the end card as its credits, both within the programme', () => {
    const json: unknown = JSON.parse(read(mood, 'markers.json'));
    const markers = parseMarkers(json);
    // Every entry is well formed (none dropped by the parser).
    expect(markers).toEqual((json as { markers: unknown[] }).markers);
    const duration = parseMedia(read(mood, '360p.m3u8')).total;
    expect(markers.map((m) => m.kind)).toEqual(['intro', 'credits']);
    const [intro, credits] = markers;
    // The intro ends where the first chapter's card (and caption) begins.
    expect(intro.end).toBe(6.5);
    expect(read(mood, 'subtitles.vtt')).toContain('00:00:06.500 --> 00:00:11.500\nChapter 1: ');
    // The credits are "The End", up to the end.
    expect(read(mood, 'subtitles.vtt')).toContain(`00:02:00.000 --> `);
    expect(credits.start).toBe(120);
    expect(credits.end).toBeCloseTo(duration, 0);
  });

  it('has honest English captions: the title card, the chapters and the sound', () => {
    const vtt = read(mood, 'subtitles.vtt');
    expect(vtt).toMatch(/^WEBVTT\n/);
    expect(vtt).toMatch(/Marquee — .+ programme/);
    expect(vtt.match(/Chapter \d: /g)).toHaveLength(4);
    expect(vtt).toMatch(/\[[^\]]+\]/);
  });

  it('holds no file that no playlist references, and only names the server routes', () => {
    const referenced = new Set(['master.m3u8', 'subtitles.vtt', 'trickplay.vtt', 'markers.json']);
    // The thumbnails index names its sprite.
    for (const cue of parseThumbnailVtt(read(mood, 'trickplay.vtt'))) referenced.add(cue.url);
    for (const variant of [...master.variants.map((v) => v.uri), ...master.media.map((m) => m.URI)]) {
      referenced.add(variant);
      const media = parseMedia(read(mood, variant));
      if (media.map) referenced.add(media.map);
      for (const { uri } of media.segments) referenced.add(uri);
    }
    const files = readdirSync(join(PROGRAMMES_DIR, mood));
    expect(files.sort()).toEqual([...referenced].sort());
    for (const file of files) expect(PROGRAMME_FILE.test(`/${mood}/${file}`)).toBe(true);
  });
});

it('keeps all committed media (trailers and programmes) under 60 MB', () => {
  const total = [...sizes(CLIPS_DIR), ...sizes(PROGRAMMES_DIR)].reduce((sum, size) => sum + size, 0);
  expect(total).toBeGreaterThan(MOODS.length * 1_000_000);
  expect(total).toBeLessThan(MAX_MEDIA_BYTES);
});

/**
 * A Premium member's grant for a film (the test app's catalogue) and the demo programme it plays:
 * the programmes are served only under a grant's address.
 */
async function granted() {
  const { app, base } = await memberGrant('premium');
  // Which mood's programme it is: the one whose thumbnails sheet the grant serves.
  const sheet = (await app.inject({ url: `${base}trickplay.jpg` })).rawPayload;
  const mood = MOODS.find((m) => readFileSync(programmeFile(m, 'trickplay.jpg')).equals(sheet))!;
  expect(mood).toBeDefined();
  return { app, base, mood };
}

const PRIVATE = 'private, no-cache';
const PRIVATE_SEGMENT = 'private, max-age=3600';

describe('a demo programme under a grant', () => {
  it.each([
    ['720p.m3u8', 'application/vnd.apple.mpegurl', PRIVATE],
    ['360p-init.mp4', 'video/mp4', PRIVATE_SEGMENT],
    ['540p-000.m4s', 'video/mp4', PRIVATE_SEGMENT],
    ['audio-init.mp4', 'audio/mp4', PRIVATE_SEGMENT],
    ['audio-003.m4s', 'audio/mp4', PRIVATE_SEGMENT],
    ['described.m3u8', 'application/vnd.apple.mpegurl', PRIVATE],
    ['described-init.mp4', 'audio/mp4', PRIVATE_SEGMENT],
    ['described-003.m4s', 'audio/mp4', PRIVATE_SEGMENT],
    ['subtitles.m3u8', 'application/vnd.apple.mpegurl', PRIVATE],
    ['subtitles-002.vtt', 'text/vtt; charset=utf-8', PRIVATE],
    ['subtitles.vtt', 'text/vtt; charset=utf-8', PRIVATE],
    ['trickplay.vtt', 'text/vtt; charset=utf-8', PRIVATE],
    ['trickplay.jpg', 'image/jpeg', PRIVATE],
    ['markers.json', 'application/json; charset=utf-8', PRIVATE],
  ])('sends %s as %s with Cache-Control %s and validators', async (file, type, cache) => {
    const { app, base, mood } = await granted();
    const response = await app.inject({ url: `${base}${file}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe(cache);
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.rawPayload.equals(readFileSync(programmeFile(mood, file)))).toBe(true);
  });

  it('serves the master, and the markers the player reads beside it', async () => {
    const { app, base, mood } = await granted();
    const master = await app.inject({ url: `${base}master.m3u8` });
    expect(master.statusCode).toBe(200);
    expect(parseMaster(master.body).variants.map((v) => v.uri)).toEqual(
      parseMaster(read(mood, 'master.m3u8')).variants.map((v) => v.uri),
    );
    // Both audio renditions, the described one with its characteristic.
    expect(parseMaster(master.body).media.filter((m) => m.TYPE === 'AUDIO')).toEqual(
      parseMaster(read(mood, 'master.m3u8')).media.filter((m) => m.TYPE === 'AUDIO'),
    );
    expect(master.body).toContain('CHARACTERISTICS="public.accessibility.describes-video"');
    const markers = await app.inject({ url: `${base}markers.json` });
    expect(parseMarkers(markers.json())).toHaveLength(2);
  });

  it('answers a conditional GET, HEAD and ranges as for every medium', async () => {
    const { app, base, mood } = await granted();
    const segment = readFileSync(programmeFile(mood, '720p-001.m4s'));
    const url = `${base}720p-001.m4s`;
    const { headers } = await app.inject({ url });
    const again = await app.inject({ url, headers: { 'if-none-match': String(headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(segment.length));
    expect(head.rawPayload.length).toBe(0);

    for (const [range, first, last] of [
      ['bytes=0-99', 0, 99],
      ['bytes=-100', segment.length - 100, segment.length - 1],
      ['bytes=1000-', 1000, segment.length - 1],
    ] as const) {
      const part = await app.inject({ url, headers: { range } });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes ${first}-${last}/${segment.length}`);
      expect(part.rawPayload.equals(segment.subarray(first, last + 1))).toBe(true);
    }
    const past = await app.inject({ url, headers: { range: `bytes=${segment.length + 1}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${segment.length}`);
    expect(past.json()).toMatchObject({ error: { code: 'range-not-satisfiable' } });
    const malformed = await app.inject({ url, headers: { range: 'bytes=9-0' } });
    expect(malformed.statusCode).toBe(200);
    expect(malformed.rawPayload.length).toBe(segment.length);
  });

  it('answers a name the programme does not have with a JSON 404, and never serves a file outside it', async () => {
    const { app, base } = await granted();
    for (const path of ['1080p.m3u8', '720p-999.m4s', 'master.M3U8', '720p-001.m4s/x']) {
      const response = await app.inject({ url: `${base}${path}` });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not-found' } });
    }
    for (const path of [
      '..%2f..%2fclips%2faction.mp4',
      '..%2F..%2Fprogramme-files.ts',
      '%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
      '..%5c..%5cvideo-routes.ts',
    ]) {
      const response = await app.inject({ url: `${base}${path}` });
      expect([400, 404], path).toContain(response.statusCode);
      expect(response.body).not.toMatch(/"name": "marquee"|import |export |ftyp/);
    }
  });

  it('is refused at its old address to everyone; its pages may play media from the host and MSE blobs', async () => {
    const { app, base } = await granted();
    for (const url of [
      programmeUrl('drama'),
      programmeMarkersUrl('action'),
      `${PROGRAMMES_PATH}/action/720p-001.m4s`,
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'grant-required' } });
    }
    const response = await app.inject({ url: `${base}master.m3u8` });
    expect(response.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    // A playlist is not a page: it runs nothing. The pages that play it allow MSE blobs and
    // hls.js's worker (security-headers.test.ts checks the page's policy as served).
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const page = PAGE_POLICIES.app.helmet.contentSecurityPolicy;
    expect(typeof page === 'object' && page.directives).toMatchObject({
      'media-src': ["'self'", 'blob:', 'data:'],
      'worker-src': ["'self'", 'blob:'],
    });
  });
});
