import type HlsType from 'hls.js';
import type { ErrorData, Level, MediaPlaylist } from 'hls.js';

import type {
  AttachOptions,
  AttachPlayback,
  AudioTrack,
  Playback,
  QualityLevel,
  SubtitleTrack,
  TimeRange,
} from './playback.port';

const HLS_MIME = 'application/vnd.apple.mpegurl';
/** Fatal hls.js errors of one kind tried again before giving up (hls.js's own recovery recipe). */
const RECOVERIES = 2;
/**
 * The most seconds buffered ahead (docs/decisions.md, "The player page's first screen"). hls.js
 * stretches its 30 s target to fill maxBufferSize (60 MB) at the stream's bitrate, up to
 * maxMaxBufferLength (600 s): at our ladder's bitrates that is the whole programme, fetched and
 * appended at once while the page loads (60-odd requests, the page's longest tasks), and paid
 * for by a viewer who watches a minute. Streaming services keep a bounded window ahead.
 */
const MAX_BUFFER_AHEAD_S = 30;

const levelsOf = (levels: Level[]): QualityLevel[] =>
  levels.map((level, index) => ({ index, height: level.height, label: `${level.height}p` }));

const tracksOf = (tracks: MediaPlaylist[]): SubtitleTrack[] =>
  tracks.map((track) => ({
    id: track.id,
    label: track.name || track.lang || `Track ${track.id + 1}`,
    language: track.lang,
  }));

/** The HLS characteristic of a rendition that describes the picture (RFC 8216 §4.3.4.1). */
const DESCRIBES_VIDEO = 'public.accessibility.describes-video';

const audioTracksOf = (tracks: MediaPlaylist[]): AudioTrack[] =>
  tracks.map((track) => ({
    id: track.id,
    name: track.name,
    language: track.lang,
    describes: (track.characteristics ?? '').split(',').includes(DESCRIBES_VIDEO),
  }));

function bufferedOf(video: HTMLVideoElement): TimeRange[] {
  const ranges: TimeRange[] = [];
  for (let i = 0; i < video.buffered.length; i++)
    ranges.push({ start: video.buffered.start(i), end: video.buffered.end(i) });
  return ranges;
}

const mediaErrorMessage = (video: HTMLVideoElement) =>
  video.error?.message || 'This programme cannot be played in this browser.';

/**
 * hls.js's settings for a programme. It starts on the lowest rendition, as streaming services do:
 * its first segment is the smallest, so the picture comes soonest, and the bandwidth measured on
 * it lets ABR step up from there (hls.js's own start guess, 500 kbit/s, would pick the top
 * rendition of this ladder at once). `startFragPrefetch` lets an engine made before its <video>
 * (preloadPlayback) fetch the first segments too, not only the playlists.
 */
const engineConfig = (startAt: number) => ({
  startPosition: startAt > 0 ? startAt : -1,
  startLevel: 0,
  maxMaxBufferLength: MAX_BUFFER_AHEAD_S,
  startFragPrefetch: true,
});

/** An engine loading a programme before the player has its <video> (preloadPlayback); at most one. */
interface Preloaded {
  src: string;
  startAt: number;
  engine: HlsType;
  failed: boolean;
}
let preloaded: Preloaded | null = null;
/** The programme the player last attached: a preload that comes after it is no use. */
let lastAttached: string | null = null;

const canPreload = () => typeof MediaSource !== 'undefined';

/**
 * Starts loading a programme before the player attaches it (as players preload the title a viewer
 * is about to watch): hls.js fetches the master, the media playlists and the first segments, and
 * `attachPlayback` with the same address and start takes that engine over, so the first frame
 * waits only for the segments' appending and decoding. The returned function drops it if it was
 * not taken over. Where hls.js does not play (native HLS), nothing is preloaded.
 */
export function preloadPlayback({ src, startAt }: AttachOptions): () => void {
  let dropped = false;
  let mine: Preloaded | null = null;
  if (canPreload()) {
    import('hls.js').then(
      ({ default: Hls }) => {
        if (dropped || lastAttached === src || !Hls.isSupported()) return;
        const entry: Preloaded = { src, startAt, engine: new Hls(engineConfig(startAt)), failed: false };
        // A fatal error before the player is there: the player starts afresh instead.
        entry.engine.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
          if (data.fatal) entry.failed = true;
        });
        entry.engine.loadSource(src);
        preloaded?.engine.destroy();
        preloaded = mine = entry;
      },
      () => undefined,
    );
  }
  return () => {
    dropped = true;
    if (mine && preloaded === mine) {
      mine.engine.destroy();
      preloaded = null;
    }
  };
}

/** The preloaded engine for this programme and start, taken over (null when there is none fit to play). */
function takePreloaded(src: string, startAt: number): HlsType | null {
  const entry = preloaded;
  if (!entry || entry.src !== src || entry.startAt !== startAt) return null;
  preloaded = null;
  if (!entry.failed) return entry.engine;
  entry.engine.destroy();
  return null;
}

/**
 * Plays an HLS ladder in a <video>: through hls.js wherever Media Source Extensions exist (it
 * gives the quality and subtitles controls), natively only where they do not (iOS Safari).
 * hls.js (the full build: the light one has no subtitles) is imported on first use, so only the
 * player page's chunks carry it.
 */
export const attachPlayback: AttachPlayback = (video, { src, startAt }, emit) => {
  lastAttached = src;
  let hls: HlsType | null = null;
  let destroyed = false;
  const time = () =>
    emit({
      type: 'playback.time',
      time: video.currentTime,
      duration: Number.isFinite(video.duration) ? video.duration : 0,
      buffered: bufferedOf(video),
    });
  const listeners: Record<string, () => void> = {
    timeupdate: time,
    durationchange: time,
    progress: time,
    waiting: () => emit({ type: 'playback.waiting' }),
    playing: () => emit({ type: 'playback.playing' }),
    pause: () => emit({ type: 'playback.paused' }),
    seeking: () => emit({ type: 'playback.seeking' }),
    seeked: () => {
      time();
      emit({ type: 'playback.seeked' });
    },
    ended: () => emit({ type: 'playback.ended' }),
    volumechange: () => emit({ type: 'playback.volume', volume: video.volume, muted: video.muted }),
    // hls.js reports its own failures below; this is the native player's.
    error: () => {
      if (!hls) emit({ type: 'playback.error', message: mediaErrorMessage(video) });
    },
  };
  for (const [name, listener] of Object.entries(listeners)) video.addEventListener(name, listener);

  const play = () => {
    // A browser that refuses to start without a gesture leaves the programme paused.
    video.play().catch((error: unknown) => {
      if (!destroyed && (error as { name?: string }).name === 'NotAllowedError') emit({ type: 'playback.paused' });
    });
  };

  const playNatively = () => {
    video.addEventListener(
      'loadedmetadata',
      () => {
        if (startAt > 0) video.currentTime = startAt;
        const tracks = Array.from(video.textTracks).filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
        emit({ type: 'playback.levels', levels: [] });
        emit({
          type: 'playback.subtitleTracks',
          tracks: tracks.map((t, id) => ({ id, label: t.label || t.language, language: t.language })),
        });
      },
      { once: true },
    );
    video.src = src;
    play();
  };

  const playWithHls = (Hls: typeof HlsType) => {
    const early = takePreloaded(src, startAt);
    const engine = early ?? new Hls(engineConfig(startAt));
    hls = engine;
    const recoveries = { media: 0, network: 0 };
    engine.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
      emit({ type: 'playback.levels', levels: levelsOf(data.levels) });
      play();
    });
    engine.on(Hls.Events.LEVEL_SWITCHED, (_event, data) => emit({ type: 'playback.levelSwitched', index: data.level }));
    engine.on(Hls.Events.SUBTITLE_TRACKS_UPDATED, (_event, data) =>
      emit({ type: 'playback.subtitleTracks', tracks: tracksOf(data.subtitleTracks) }),
    );
    engine.on(Hls.Events.AUDIO_TRACKS_UPDATED, (_event, data) =>
      emit({ type: 'playback.audioTracks', tracks: audioTracksOf(data.audioTracks) }),
    );
    engine.on(Hls.Events.AUDIO_TRACK_SWITCHED, (_event, data) => emit({ type: 'playback.audioSwitched', id: data.id }));
    engine.on(Hls.Events.ERROR, (_event, data: ErrorData) => {
      if (!data.fatal) return; // hls.js retries these itself
      if (data.type === Hls.ErrorTypes.MEDIA_ERROR && recoveries.media++ < RECOVERIES) {
        engine.recoverMediaError();
      } else if (data.type === Hls.ErrorTypes.NETWORK_ERROR && recoveries.network++ < RECOVERIES) {
        engine.startLoad();
      } else {
        engine.destroy();
        hls = null;
        emit({
          type: 'playback.error',
          message:
            data.type === Hls.ErrorTypes.NETWORK_ERROR
              ? 'Could not load the programme. Check your connection and try again.'
              : 'The programme could not be played.',
        });
      }
    });
    // Every rendition that plays well resets the count, so a long programme can recover again later.
    engine.on(Hls.Events.FRAG_BUFFERED, () => {
      recoveries.media = 0;
      recoveries.network = 0;
    });
    if (!early) {
      engine.loadSource(src);
      engine.attachMedia(video);
      return;
    }
    engine.attachMedia(video);
    // What the preloaded engine found before the player was there (else its events are still to come).
    if (engine.levels.length > 0) {
      emit({ type: 'playback.levels', levels: levelsOf(engine.levels) });
      emit({ type: 'playback.subtitleTracks', tracks: tracksOf(engine.subtitleTracks) });
      emit({ type: 'playback.audioTracks', tracks: audioTracksOf(engine.audioTracks) });
      if (engine.audioTrack >= 0) emit({ type: 'playback.audioSwitched', id: engine.audioTrack });
      play();
    }
  };

  const nativeOnly = () => typeof MediaSource === 'undefined' && video.canPlayType(HLS_MIME) !== '';
  if (nativeOnly()) {
    playNatively();
  } else {
    import('hls.js').then(
      ({ default: Hls }) => {
        if (destroyed) return;
        if (Hls.isSupported()) playWithHls(Hls);
        else if (video.canPlayType(HLS_MIME)) playNatively();
        else emit({ type: 'playback.error', message: 'This browser cannot play streaming video.' });
      },
      () => {
        if (!destroyed) emit({ type: 'playback.error', message: 'Could not load the player. Check your connection.' });
      },
    );
  }

  const playback: Playback = {
    play,
    pause: () => video.pause(),
    seek: (seconds) => {
      const end = Number.isFinite(video.duration) ? video.duration : seconds;
      video.currentTime = Math.max(0, Math.min(seconds, end));
    },
    setLevel: (index) => {
      // nextLevel switches soon without stopping the picture; -1 gives the choice back to hls.js.
      if (hls) hls.nextLevel = index;
    },
    setSubtitleTrack: (id) => {
      if (hls) {
        hls.subtitleTrack = id;
        hls.subtitleDisplay = id >= 0;
        return;
      }
      const tracks = Array.from(video.textTracks).filter((t) => t.kind === 'subtitles' || t.kind === 'captions');
      tracks.forEach((track, index) => (track.mode = index === id ? 'showing' : 'disabled'));
    },
    setAudioTrack: (id) => {
      // hls.js loads the rendition's segments and swaps the audio buffer; native HLS (iOS) has no
      // audio-track API in Chromium's DOM types, so there the menu is not offered (no tracks reported).
      if (hls) hls.audioTrack = id;
    },
    setVolume: (volume, muted) => {
      video.volume = Math.max(0, Math.min(1, volume));
      video.muted = muted;
    },
    setRate: (rate) => {
      // Voices keep their pitch at 1.5×, as on the real service (Chromium's default, said outright).
      video.preservesPitch = true;
      video.defaultPlaybackRate = rate;
      video.playbackRate = rate;
    },
    destroy: () => {
      destroyed = true;
      for (const [name, listener] of Object.entries(listeners)) video.removeEventListener(name, listener);
      if (hls) {
        hls.destroy();
        hls = null;
      } else {
        video.removeAttribute('src');
        video.load();
      }
    },
  };
  return playback;
};
