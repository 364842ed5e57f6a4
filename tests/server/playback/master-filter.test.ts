import { describe, expect, it } from 'vitest';

import { filterMaster } from '../../../server/playback/master-filter.ts';

const MASTER = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,URI="audio-0.m3u8"
#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English – Audio Description",LANGUAGE="en",DEFAULT=NO,CHARACTERISTICS="public.accessibility.describes-video",URI="audio-1.m3u8"
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",URI="subtitles-0.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=800000,CODECS="avc1.64001e,mp4a.40.2",RESOLUTION=640x360,AUDIO="audio",SUBTITLES="subs"
360p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=2800000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,AUDIO="audio",SUBTITLES="subs"
720p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=5000000,CODECS="avc1.640028,mp4a.40.2",RESOLUTION=1920x1080,AUDIO="audio",SUBTITLES="subs"

1080p.m3u8
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=200000,RESOLUTION=1920x1080,URI="1080p-iframes.m3u8"
#EXT-X-I-FRAME-STREAM-INF:BANDWIDTH=90000,RESOLUTION=640x360,URI="360p-iframes.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=16000000,CODECS="avc1.640033,mp4a.40.2",RESOLUTION=3840x2160,AUDIO="audio",SUBTITLES="subs"
2160p.m3u8
`;

describe('a master playlist cut to a plan', () => {
  it('keeps the rungs up to the height, with their tags, and every rendition', () => {
    const { text, kept, dropped } = filterMaster(MASTER, 720);
    expect(kept).toEqual(['360p.m3u8', '720p.m3u8']);
    expect(dropped).toEqual(['1080p.m3u8', '1080p-iframes.m3u8', '2160p.m3u8']);
    expect(text).not.toMatch(/1080|2160|1920x|3840x/);
    expect(text).toContain('RESOLUTION=1280x720');
    expect(text).toContain('#EXT-X-MEDIA:TYPE=AUDIO');
    // Every audio rendition, the described one with its characteristic.
    expect(text).toContain('CHARACTERISTICS="public.accessibility.describes-video",URI="audio-1.m3u8"');
    expect(text).toContain('#EXT-X-MEDIA:TYPE=SUBTITLES');
    expect(text).toContain('360p-iframes.m3u8');
    expect(text.startsWith('#EXTM3U\n#EXT-X-VERSION:7')).toBe(true);
  });

  it('keeps everything for a plan as tall as the tallest rung', () => {
    const { text, dropped } = filterMaster(MASTER, 2160);
    expect(dropped).toEqual([]);
    expect(text).toBe(MASTER.replace(/\n$/, '\n'));
  });

  it('keeps a rung whose resolution is not stated (it cannot be judged taller)', () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000\naudio-only.m3u8\n';
    expect(filterMaster(master, 360).kept).toEqual(['audio-only.m3u8']);
  });

  it('can leave no rung at all, for the caller to refuse', () => {
    expect(filterMaster(MASTER, 240).kept).toEqual([]);
  });
});
