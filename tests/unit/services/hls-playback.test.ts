import { beforeEach, describe, expect, it, vi } from 'vitest';

import { attachPlayback } from '../../../src/services/playback/hls-playback.ts';
import type { PlaybackEvent } from '../../../src/services/playback/playback.port.ts';
import { flush } from '../support/deferred.ts';

// A stand-in for hls.js with its event names and the calls the adapter makes: jsdom has no
// Media Source Extensions, so the real one cannot run here (the e2e test plays real HLS).
const instances: FakeHls[] = [];
class FakeHls {
  static Events = {
    MANIFEST_PARSED: 'hlsManifestParsed',
    LEVEL_SWITCHED: 'hlsLevelSwitched',
    SUBTITLE_TRACKS_UPDATED: 'hlsSubtitleTracksUpdated',
    AUDIO_TRACKS_UPDATED: 'hlsAudioTracksUpdated',
    AUDIO_TRACK_SWITCHED: 'hlsAudioTrackSwitched',
    ERROR: 'hlsError',
    FRAG_BUFFERED: 'hlsFragBuffered',
  };
  static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError', OTHER_ERROR: 'otherError' };
  static isSupported = () => true;
  handlers = new Map<string, (event: string, data: unknown) => void>();
  nextLevel = -1;
  subtitleTrack = -1;
  subtitleDisplay = false;
  audioTrack = -1;
  recoverMediaError = vi.fn();
  startLoad = vi.fn();
  destroy = vi.fn();
  loadSource = vi.fn();
  attachMedia = vi.fn();
  constructor(public config: { startPosition: number; startLevel?: number; maxMaxBufferLength?: number }) {
    instances.push(this);
  }
  on(event: string, handler: (event: string, data: unknown) => void) {
    this.handlers.set(event, handler);
  }
  fire(event: string, data: unknown) {
    this.handlers.get(event)!(event, data);
  }
}
vi.mock('hls.js', () => ({ default: FakeHls }));

function setUp(startAt = 0) {
  const video = document.createElement('video');
  video.play = vi.fn(() => Promise.resolve());
  video.pause = vi.fn();
  const events: PlaybackEvent[] = [];
  const playback = attachPlayback(video, { src: '/media/programmes/drama/master.m3u8', startAt }, (e) =>
    events.push(e),
  );
  return { video, events, playback };
}

beforeEach(() => {
  instances.length = 0;
});

describe('attachPlayback over hls.js', () => {
  it('loads the playlist at the start position, reports the ladder and starts playing', async () => {
    const { video, events } = setUp(42);
    await flush();
    const hls = instances[0];
    expect(hls.config.startPosition).toBe(42);
    expect(hls.config.startLevel).toBe(0);
    // A bounded window ahead, not the whole programme at once.
    expect(hls.config.maxMaxBufferLength).toBe(30);
    expect(hls.loadSource).toHaveBeenCalledWith('/media/programmes/drama/master.m3u8');
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    hls.fire(FakeHls.Events.MANIFEST_PARSED, { levels: [{ height: 360 }, { height: 720 }] });
    expect(events).toContainEqual({
      type: 'playback.levels',
      levels: [
        { index: 0, height: 360, label: '360p' },
        { index: 1, height: 720, label: '720p' },
      ],
    });
    expect(video.play).toHaveBeenCalled();
    hls.fire(FakeHls.Events.SUBTITLE_TRACKS_UPDATED, { subtitleTracks: [{ id: 0, name: 'English', lang: 'en' }] });
    expect(events.at(-1)).toEqual({
      type: 'playback.subtitleTracks',
      tracks: [{ id: 0, label: 'English', language: 'en' }],
    });
  });

  it('passes quality and subtitles choices to hls.js', async () => {
    const { playback } = setUp();
    await flush();
    playback.setLevel(2);
    playback.setSubtitleTrack(0);
    expect(instances[0]).toMatchObject({ nextLevel: 2, subtitleTrack: 0, subtitleDisplay: true });
    playback.setLevel(-1);
    playback.setSubtitleTrack(-1);
    expect(instances[0]).toMatchObject({ nextLevel: -1, subtitleTrack: -1, subtitleDisplay: false });
  });

  it('reports the audio renditions by language and kind, follows the switch, and passes the choice on', async () => {
    const { events, playback } = setUp();
    await flush();
    const hls = instances[0];
    hls.fire(FakeHls.Events.AUDIO_TRACKS_UPDATED, {
      audioTracks: [
        { id: 0, name: 'English', lang: 'en' },
        {
          id: 1,
          name: 'English – Audio Description',
          lang: 'en',
          characteristics: 'public.accessibility.describes-video',
        },
      ],
    });
    expect(events.at(-1)).toEqual({
      type: 'playback.audioTracks',
      tracks: [
        { id: 0, name: 'English', language: 'en', describes: false },
        { id: 1, name: 'English – Audio Description', language: 'en', describes: true },
      ],
    });
    playback.setAudioTrack(1);
    expect(hls.audioTrack).toBe(1);
    hls.fire(FakeHls.Events.AUDIO_TRACK_SWITCHED, { id: 1 });
    expect(events.at(-1)).toEqual({ type: 'playback.audioSwitched', id: 1 });
  });

  it('recovers fatal media and network errors twice each, then reports one', async () => {
    const { events } = setUp();
    await flush();
    const hls = instances[0];
    const fatal = (type: string) => hls.fire(FakeHls.Events.ERROR, { fatal: true, type });
    hls.fire(FakeHls.Events.ERROR, { fatal: false, type: FakeHls.ErrorTypes.NETWORK_ERROR });
    fatal(FakeHls.ErrorTypes.MEDIA_ERROR);
    fatal(FakeHls.ErrorTypes.MEDIA_ERROR);
    fatal(FakeHls.ErrorTypes.NETWORK_ERROR);
    fatal(FakeHls.ErrorTypes.NETWORK_ERROR);
    expect(hls.recoverMediaError).toHaveBeenCalledTimes(2);
    expect(hls.startLoad).toHaveBeenCalledTimes(2);
    expect(events.some((event) => event.type === 'playback.error')).toBe(false);
    fatal(FakeHls.ErrorTypes.NETWORK_ERROR);
    expect(hls.destroy).toHaveBeenCalled();
    expect(events.at(-1)).toEqual({
      type: 'playback.error',
      message: 'Could not load the programme. Check your connection and try again.',
    });
  });

  it('reports the media element’s events and stops listening once destroyed', async () => {
    const { video, events, playback } = setUp();
    await flush();
    video.dispatchEvent(new Event('waiting'));
    video.dispatchEvent(new Event('playing'));
    video.dispatchEvent(new Event('timeupdate'));
    expect(events.map((event) => event.type)).toEqual(['playback.waiting', 'playback.playing', 'playback.time']);
    playback.destroy();
    expect(instances[0].destroy).toHaveBeenCalled();
    video.dispatchEvent(new Event('pause'));
    expect(events).toHaveLength(3);
  });

  it('a browser refusing to start without a gesture leaves it paused', async () => {
    const { video, events } = setUp();
    video.play = vi.fn(() => Promise.reject(Object.assign(new Error('no gesture'), { name: 'NotAllowedError' })));
    await flush();
    instances[0].fire(FakeHls.Events.MANIFEST_PARSED, { levels: [] });
    await flush();
    expect(events.at(-1)).toEqual({ type: 'playback.paused' });
  });
});
