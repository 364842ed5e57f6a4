import { beforeEach, describe, expect, it, vi } from 'vitest';

import { attachPlayback, preloadPlayback } from '../../../src/services/playback/hls-playback.ts';
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
  levels: { height: number }[] = [];
  subtitleTracks: unknown[] = [];
  audioTracks: unknown[] = [];
  recoverMediaError = vi.fn();
  startLoad = vi.fn();
  destroy = vi.fn();
  loadSource = vi.fn();
  attachMedia = vi.fn();
  constructor(
    public config: {
      startPosition: number;
      startLevel?: number;
      maxMaxBufferLength?: number;
      startFragPrefetch?: boolean;
    },
  ) {
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

function setUp(startAt = 0, src = '/media/programmes/drama/master.m3u8') {
  const video = document.createElement('video');
  video.play = vi.fn(() => Promise.resolve());
  video.pause = vi.fn();
  const events: PlaybackEvent[] = [];
  const playback = attachPlayback(video, { src, startAt }, (e) => events.push(e));
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

describe('preloadPlayback: the programme loading before the player attaches it', () => {
  // hls.js plays where Media Source Extensions exist; jsdom has none.
  beforeEach(() => {
    vi.stubGlobal('MediaSource', class {});
    return () => vi.unstubAllGlobals();
  });

  it('loads the programme at once, first segments included, and the player takes that engine over', async () => {
    const src = '/media/grants/token-1/master.m3u8';
    preloadPlayback({ src, startAt: 42 });
    await flush();
    expect(instances).toHaveLength(1);
    const hls = instances[0];
    expect(hls.config).toMatchObject({ startPosition: 42, startLevel: 0, maxMaxBufferLength: 30 });
    expect(hls.config.startFragPrefetch).toBe(true);
    expect(hls.loadSource).toHaveBeenCalledWith(src);
    expect(hls.attachMedia).not.toHaveBeenCalled();
    // What it found before the player was there.
    hls.levels = [{ height: 360 }, { height: 720 }];
    hls.subtitleTracks = [{ id: 0, name: 'English', lang: 'en' }];
    hls.audioTracks = [{ id: 0, name: 'English', lang: 'en' }];
    hls.audioTrack = 0;

    const { video, events } = setUp(42, src);
    await flush();
    expect(instances).toHaveLength(1);
    expect(hls.loadSource).toHaveBeenCalledTimes(1);
    expect(hls.attachMedia).toHaveBeenCalledWith(video);
    expect(events).toEqual([
      {
        type: 'playback.levels',
        levels: [
          { index: 0, height: 360, label: '360p' },
          { index: 1, height: 720, label: '720p' },
        ],
      },
      { type: 'playback.subtitleTracks', tracks: [{ id: 0, label: 'English', language: 'en' }] },
      { type: 'playback.audioTracks', tracks: [{ id: 0, name: 'English', language: 'en', describes: false }] },
      { type: 'playback.audioSwitched', id: 0 },
    ]);
    expect(video.play).toHaveBeenCalled();
  });

  it('taken over before its playlist came, it reports the ladder and plays when it comes, as ever', async () => {
    const src = '/media/grants/token-2/master.m3u8';
    preloadPlayback({ src, startAt: 0 });
    await flush();
    const { video, events } = setUp(0, src);
    await flush();
    expect(instances).toHaveLength(1);
    expect(events).toEqual([]);
    expect(video.play).not.toHaveBeenCalled();
    instances[0].fire(FakeHls.Events.MANIFEST_PARSED, { levels: [{ height: 360 }] });
    expect(events).toEqual([{ type: 'playback.levels', levels: [{ index: 0, height: 360, label: '360p' }] }]);
    expect(video.play).toHaveBeenCalled();
  });

  it('is not taken for another programme or start, and is dropped when the player never takes it', async () => {
    const src = '/media/grants/token-3/master.m3u8';
    const drop = preloadPlayback({ src, startAt: 0 });
    await flush();
    setUp(30, src);
    await flush();
    expect(instances).toHaveLength(2);
    expect(instances[1].loadSource).toHaveBeenCalledWith(src);
    expect(instances[0].destroy).not.toHaveBeenCalled();
    drop();
    expect(instances[0].destroy).toHaveBeenCalled();
    expect(instances[1].destroy).not.toHaveBeenCalled();
  });

  it('once taken, dropping it leaves the player its engine; one that failed is replaced', async () => {
    const taken = '/media/grants/token-4/master.m3u8';
    const drop = preloadPlayback({ src: taken, startAt: 0 });
    await flush();
    setUp(0, taken);
    await flush();
    drop();
    expect(instances[0].destroy).not.toHaveBeenCalled();

    const failing = '/media/grants/token-5/master.m3u8';
    preloadPlayback({ src: failing, startAt: 0 });
    await flush();
    instances[1].fire(FakeHls.Events.ERROR, { fatal: true, type: FakeHls.ErrorTypes.NETWORK_ERROR });
    setUp(0, failing);
    await flush();
    expect(instances[1].destroy).toHaveBeenCalled();
    expect(instances).toHaveLength(3);
    expect(instances[2].loadSource).toHaveBeenCalledWith(failing);
  });

  it('makes nothing once the player has attached the programme itself', async () => {
    const src = '/media/grants/token-6/master.m3u8';
    setUp(0, src);
    preloadPlayback({ src, startAt: 0 });
    await flush();
    expect(instances).toHaveLength(1);
  });
});
