import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';

import type { Marker } from '../../../../shared/media/markers.ts';
import type { ThumbnailCue } from '../../../../shared/media/trickplay.ts';
import { RESUME_AFTER_SECONDS } from '../../../../shared/watching/watching-rules.ts';
import {
  COUNTDOWN_SECONDS,
  endScreenMachine,
  STILL_WATCHING_AFTER,
} from '../../../../src/machines/watching/end-screen.machine.ts';
import { playerMachine } from '../../../../src/machines/watching/player.machine.ts';
import {
  ADDRESS_STEP_SECONDS,
  HIDE_CONTROLS_MS,
  PLAYBACK_SPEEDS,
  type PlaybackCommand,
  PLAYER_STATES,
  type PlayerState,
  type ProgressSaverEvent,
  SAVE_EVERY_MS,
} from '../../../../src/machines/watching/player-events.ts';
import type { EpisodeRef, Programme, ProgrammeRequest } from '../../../../src/machines/watching/programme.ts';
import type { PlaybackEvent } from '../../../../src/services/playback/playback.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const FILM: Programme = {
  mediaType: 'movie',
  id: 603,
  episode: null,
  title: 'The Matrix',
  backdropPath: '/matrix.jpg',
  src: '/media/programmes/scifi/master.m3u8',
  thumbnails: '/media/programmes/scifi/trickplay.vtt',
  markers: '/media/programmes/scifi/markers.json',
  next: null,
  moreLikeThis: [],
};
const EPISODE: Programme = {
  mediaType: 'tv',
  id: 1399,
  episode: { season: 1, episode: 2 },
  title: 'Thrones',
  backdropPath: null,
  src: '/media/programmes/drama/master.m3u8',
  thumbnails: '/media/programmes/drama/trickplay.vtt',
  markers: '/media/programmes/drama/markers.json',
  next: { season: 1, episode: 3 },
  moreLikeThis: [],
};
const DURATION = 120;
const THUMB: ThumbnailCue = { start: 0, end: 10, url: '/t.jpg', x: 0, y: 0, width: 160, height: 90 };

function harness(
  programme: Programme = FILM,
  startAt = 0,
  options: { markers?: Marker[]; autoplay?: boolean; holdEndScreen?: boolean; autoplayRun?: number } = {},
) {
  const loads: { input: ProgrammeRequest; result: Deferred<Programme> }[] = [];
  const attached: { input: { src: string; startAt: number }; commands: PlaybackCommand[]; stopped: boolean }[] = [];
  let media: ((event: PlaybackEvent) => void) | null = null;
  const saver = { events: [] as ProgressSaverEvent[], stops: 0 };
  const navigations: EpisodeRef[] = [];
  // The run each navigation hands the next episode's player.
  const runs: number[] = [];
  const marks: number[] = [];
  // The end screen's machine arrives at once unless a test holds it back.
  const endScreenLoaded = deferred<void>();
  if (!options.holdEndScreen) endScreenLoaded.resolve();
  const machine = playerMachine.provide({
    actors: {
      loadProgramme: fromPromise<Programme, ProgrammeRequest>(({ input }) => {
        const result = deferred<Programme>();
        loads.push({ input, result });
        return result.promise;
      }),
      playback: fromCallback<PlaybackCommand, { src: string; startAt: number }>(({ input, sendBack, receive }) => {
        const record = { input, commands: [] as PlaybackCommand[], stopped: false };
        attached.push(record);
        media = sendBack;
        receive((command) => record.commands.push(command));
        return () => {
          record.stopped = true;
        };
      }),
      loadThumbnails: fromPromise<ThumbnailCue[], { url: string | null }>(async ({ input }) =>
        input.url?.includes('scifi') ? [THUMB] : Promise.reject(new Error('404')),
      ),
      loadMarkers: fromPromise<Marker[], { url: string | null }>(async () => options.markers ?? []),
      loadEndScreen: fromPromise(async () => {
        await endScreenLoaded.promise;
        return endScreenMachine;
      }),
      progress: fromCallback<ProgressSaverEvent, { programme: Programme }>(({ receive }) => {
        receive((event) => saver.events.push(event));
        return () => {
          saver.stops++;
        };
      }),
    },
    actions: {
      goToEpisode: (_, params) => {
        navigations.push(params.episode);
        runs.push(params.run);
      },
      keepPosition: (_, params) => marks.push(params.time),
    },
  });
  const actor = createActor(machine, {
    input: {
      request: { mediaType: programme.mediaType, id: programme.id, episode: programme.episode },
      startAt,
      autoplay: options.autoplay ?? true,
      autoplayRun: options.autoplayRun,
    },
  });
  actor.start();

  const state = (): PlayerState | undefined => PLAYER_STATES.find((tag) => actor.getSnapshot().hasTag(tag));
  const emit = (event: PlaybackEvent) => {
    if (!media) throw new Error('playback was never attached');
    media(event);
  };
  const time = (seconds: number, duration = DURATION) =>
    emit({ type: 'playback.time', time: seconds, duration, buffered: [{ start: 0, end: seconds + 8 }] });
  const commands = () => attached.at(-1)?.commands ?? [];
  // Quality, subtitles, audio and speed are the player's settings child's.
  const settings = () => actor.getSnapshot().children.settings!.getSnapshot().context;
  const endScreen = () => actor.getSnapshot().context.endScreen?.getSnapshot();
  const countdown = () => endScreen()?.context.countdown ?? null;
  const endShown = () => endScreen()?.hasTag('endScreen') ?? false;
  const asking = () => endScreen()?.hasTag('stillWatching') ?? false;
  const flushes = () => saver.events.filter((event) => event.type === 'progress.flush').length;
  const lastUpdate = () => saver.events.filter((event) => event.type === 'progress.update').at(-1);

  /** Loads the programme and lets the media start playing at `at` seconds. */
  async function startPlaying(at = 5) {
    loads.at(-1)!.result.resolve(programme);
    await flush();
    emit({ type: 'playback.playing' });
    time(at);
  }
  return {
    actor,
    endScreenLoaded,
    loads,
    attached,
    saver,
    navigations,
    runs,
    asking,
    marks,
    state,
    emit,
    time,
    commands,
    settings,
    countdown,
    endShown,
    flushes,
    lastUpdate,
    startPlaying,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('player machine: loading', () => {
  it('loads the programme asked for, then attaches its playlist at the start position', async () => {
    const h = harness(EPISODE, 42);
    expect(h.state()).toBe('loading');
    expect(h.loads[0].input).toEqual({ mediaType: 'tv', id: 1399, episode: { season: 1, episode: 2 } });
    h.loads[0].result.resolve(EPISODE);
    await flush();
    expect(h.attached[0].input).toEqual({ src: EPISODE.src, startAt: 42 });
    expect(h.state()).toBe('loading'); // attached, waiting for the first frame
    expect(h.actor.getSnapshot().context.programme).toEqual(EPISODE);
  });

  it('plays once the media plays; a browser that blocks autoplay leaves it paused', async () => {
    const h = harness();
    h.loads[0].result.resolve(FILM);
    await flush();
    h.emit({ type: 'playback.paused' });
    expect(h.state()).toBe('paused');
    h.actor.send({ type: 'player.toggle' });
    expect(h.commands()).toEqual([{ type: 'play' }]);
    h.emit({ type: 'playback.playing' });
    expect(h.state()).toBe('playing');
  });

  it('a failed load is an error that retry loads again', async () => {
    const h = harness();
    h.loads[0].result.reject(new Error('The catalogue answered 404.'));
    await flush();
    expect(h.state()).toBe('error');
    expect(h.actor.getSnapshot().context.error).toBe('The catalogue answered 404.');
    h.actor.send({ type: 'player.retry' });
    expect(h.state()).toBe('loading');
    expect(h.loads).toHaveLength(2);
  });
});

describe('player machine: playing, paused, buffering, seeking, ended', () => {
  it('toggle pauses through the media, which then reports paused', async () => {
    const h = harness();
    await h.startPlaying();
    expect(h.state()).toBe('playing');
    h.actor.send({ type: 'player.toggle' });
    expect(h.commands()).toEqual([{ type: 'pause' }]);
    expect(h.state()).toBe('playing');
    h.emit({ type: 'playback.paused' });
    expect(h.state()).toBe('paused');
    h.actor.send({ type: 'player.play' });
    expect(h.commands().at(-1)).toEqual({ type: 'play' });
  });

  it('buffers while the media waits, and plays on', async () => {
    const h = harness();
    await h.startPlaying();
    h.emit({ type: 'playback.waiting' });
    expect(h.state()).toBe('buffering');
    h.emit({ type: 'playback.playing' });
    expect(h.state()).toBe('playing');
  });

  it('seeks by 10 s (clamped to the programme) and plays on from playing', async () => {
    const h = harness();
    await h.startPlaying(20);
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    expect(h.state()).toBe('seeking');
    expect(h.commands().at(-1)).toEqual({ type: 'seek', to: 30 });
    expect(h.actor.getSnapshot().context.time).toBe(30);
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('playing');
    h.actor.send({ type: 'player.seekBy', seconds: -100 });
    expect(h.commands().at(-1)).toEqual({ type: 'seek', to: 0 });
    h.actor.send({ type: 'player.seek', to: 500 });
    expect(h.commands().at(-1)).toEqual({ type: 'seek', to: DURATION });
  });

  it('a seek from paused stays paused', async () => {
    const h = harness();
    await h.startPlaying(20);
    h.emit({ type: 'playback.paused' });
    h.actor.send({ type: 'player.seek', to: 60 });
    expect(h.state()).toBe('seeking');
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('paused');
  });

  it('play or pause pressed during a seek decides what follows it', async () => {
    const h = harness();
    await h.startPlaying(20);
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    h.actor.send({ type: 'player.toggle' });
    expect(h.commands().at(-1)).toEqual({ type: 'pause' });
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('paused');
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    h.actor.send({ type: 'player.toggle' });
    expect(h.commands().at(-1)).toEqual({ type: 'play' });
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('playing');
  });

  it('a second seek mid-seek keeps what follows the first: pause then pauses', async () => {
    const h = harness();
    await h.startPlaying(20);
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    expect(h.commands().at(-1)).toEqual({ type: 'seek', to: 40 });
    h.actor.send({ type: 'player.toggle' });
    expect(h.commands().at(-1)).toEqual({ type: 'pause' });
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('paused');
    // From paused, the same stays paused.
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    h.actor.send({ type: 'player.seekBy', seconds: 10 });
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('paused');
  });

  it('ends, and play starts again from the beginning', async () => {
    const h = harness();
    await h.startPlaying();
    h.emit({ type: 'playback.ended' });
    expect(h.state()).toBe('ended');
    h.actor.send({ type: 'player.play' });
    expect(h.commands().slice(-2)).toEqual([{ type: 'seek', to: 0 }, { type: 'play' }]);
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('playing');
  });

  it('a fatal playback error is an error state; retry attaches again where it was', async () => {
    const h = harness();
    await h.startPlaying(33);
    h.emit({ type: 'playback.error', message: 'Could not load the programme.' });
    expect(h.state()).toBe('error');
    expect(h.attached[0].stopped).toBe(true);
    h.actor.send({ type: 'player.retry' });
    expect(h.state()).toBe('loading');
    h.loads[1].result.resolve(FILM);
    await flush();
    expect(h.attached[1].input.startAt).toBe(33);
  });
});

describe('player machine: quality, subtitles, volume', () => {
  it('passes the viewer’s quality and subtitles choices to the media', async () => {
    const h = harness();
    await h.startPlaying();
    h.emit({
      type: 'playback.levels',
      levels: [
        { index: 0, height: 360, label: '360p' },
        { index: 2, height: 720, label: '720p' },
      ],
    });
    h.emit({ type: 'playback.subtitleTracks', tracks: [{ id: 0, label: 'English', language: 'en' }] });
    h.actor.send({ type: 'player.level', index: 2 });
    h.emit({ type: 'playback.levelSwitched', index: 2 });
    expect(h.settings()).toMatchObject({ level: 2, playingLevel: 2 });
    h.actor.send({ type: 'player.toggleSubtitles' });
    expect(h.settings().subtitles).toBe(0);
    h.actor.send({ type: 'player.toggleSubtitles' });
    expect(h.settings().subtitles).toBe(-1);
    expect(h.commands()).toEqual([
      { type: 'level', index: 2 },
      { type: 'subtitles', id: 0 },
      { type: 'subtitles', id: -1 },
    ]);
  });

  it('toggling subtitles without any track does nothing', async () => {
    const h = harness();
    await h.startPlaying();
    h.actor.send({ type: 'player.toggleSubtitles' });
    expect(h.commands()).toEqual([]);
  });

  it('sets the volume (clamped) and toggles mute', async () => {
    const h = harness();
    await h.startPlaying();
    h.actor.send({ type: 'player.volume', volume: 1.4 });
    h.actor.send({ type: 'player.mute' });
    expect(h.commands()).toEqual([
      { type: 'volume', volume: 1, muted: false },
      { type: 'volume', volume: 1, muted: true },
    ]);
    h.emit({ type: 'playback.volume', volume: 0.5, muted: false });
    expect(h.settings()).toMatchObject({ volume: 0.5, muted: false });
  });
});

describe('player machine: trickplay thumbnails', () => {
  it('reads the programme’s thumbnails once attached; without them the seek bar has none', async () => {
    const film = harness();
    await film.startPlaying();
    await flush();
    expect(film.actor.getSnapshot().context.thumbnails).toEqual([THUMB]);
    const episode = harness(EPISODE);
    await episode.startPlaying();
    await flush();
    expect(episode.actor.getSnapshot().context.thumbnails).toEqual([]);
    expect(episode.state()).toBe('playing');
  });
});

describe('player machine: playback speed', () => {
  it('passes an offered speed to the media and keeps it; refuses one not offered', async () => {
    const h = harness();
    await h.startPlaying();
    h.actor.send({ type: 'player.speed', speed: 1.5 });
    expect(h.settings().speed).toBe(1.5);
    expect(h.commands().at(-1)).toEqual({ type: 'rate', rate: 1.5 });
    h.actor.send({ type: 'player.speed', speed: 3 });
    expect(h.settings().speed).toBe(1.5);
    expect(h.commands().filter((c) => c.type === 'rate')).toHaveLength(1);
    for (const speed of PLAYBACK_SPEEDS) h.actor.send({ type: 'player.speed', speed });
    expect(h.settings().speed).toBe(1.5);
    expect(h.commands().filter((c) => c.type === 'rate')).toHaveLength(1 + PLAYBACK_SPEEDS.length);
  });
});

describe('player machine: controls', () => {
  it('hide after a while of playing and come back on activity', async () => {
    const h = harness();
    await h.startPlaying();
    const controls = () => h.actor.getSnapshot().value;
    expect(controls()).toMatchObject({ controls: 'shown' });
    vi.advanceTimersByTime(HIDE_CONTROLS_MS - 100);
    h.actor.send({ type: 'controls.activity' }); // the count starts over
    vi.advanceTimersByTime(HIDE_CONTROLS_MS - 100);
    expect(controls()).toMatchObject({ controls: 'shown' });
    vi.advanceTimersByTime(200);
    expect(controls()).toMatchObject({ controls: 'hidden' });
    h.actor.send({ type: 'controls.activity' });
    expect(controls()).toMatchObject({ controls: 'shown' });
  });

  it('stay while paused and come back when playing stops', async () => {
    const h = harness();
    await h.startPlaying();
    vi.advanceTimersByTime(HIDE_CONTROLS_MS);
    expect(h.actor.getSnapshot().value).toMatchObject({ controls: 'hidden' });
    h.emit({ type: 'playback.paused' });
    expect(h.actor.getSnapshot().value).toMatchObject({ controls: 'shown' });
    vi.advanceTimersByTime(HIDE_CONTROLS_MS * 3);
    expect(h.actor.getSnapshot().value).toMatchObject({ controls: 'shown' });
  });
});

describe('player machine: the address keeps the position', () => {
  it('every few seconds of playing, after a seek, and on pause; not for small moves', async () => {
    const h = harness(FILM, 20);
    await h.startPlaying(20);
    expect(h.marks).toEqual([]);
    h.time(20 + ADDRESS_STEP_SECONDS - 0.1);
    expect(h.marks).toEqual([]);
    h.time(20 + ADDRESS_STEP_SECONDS);
    h.time(20 + ADDRESS_STEP_SECONDS + 1);
    expect(h.marks).toEqual([20 + ADDRESS_STEP_SECONDS]);
    h.actor.send({ type: 'player.seek', to: 80 });
    h.time(80);
    expect(h.marks.at(-1)).toBe(80);
    h.emit({ type: 'playback.seeked' });
    h.time(80.5);
    h.emit({ type: 'playback.paused' });
    expect(h.marks.at(-1)).toBe(80.5);
  });
});

describe('player machine: progress', () => {
  it('keeps the saver up to date and writes every 10 s of playing, on pause, and at the end', async () => {
    const h = harness();
    await h.startPlaying(30);
    expect(h.lastUpdate()).toEqual({
      type: 'progress.update',
      command: {
        kind: 'save',
        entry: {
          media_type: 'movie',
          id: 603,
          season_number: null,
          episode_number: null,
          position_seconds: 30,
          duration_seconds: DURATION,
          title: 'The Matrix',
          backdrop_path: '/matrix.jpg',
        },
      },
    });
    expect(h.flushes()).toBe(0);
    vi.advanceTimersByTime(SAVE_EVERY_MS - 1);
    expect(h.flushes()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(h.flushes()).toBe(1);
    vi.advanceTimersByTime(SAVE_EVERY_MS * 2);
    expect(h.flushes()).toBe(3);
    h.emit({ type: 'playback.paused' });
    expect(h.flushes()).toBe(4);
    vi.advanceTimersByTime(SAVE_EVERY_MS * 3); // nothing while paused
    expect(h.flushes()).toBe(4);
  });

  it('writes nothing for a programme left in its first seconds (no "Resume from 0:03")', async () => {
    const h = harness();
    await h.startPlaying(0.4);
    h.time(RESUME_AFTER_SECONDS - 0.5);
    expect(h.lastUpdate()).toBeUndefined();
    h.time(RESUME_AFTER_SECONDS);
    expect(h.lastUpdate()).toMatchObject({
      command: { kind: 'save', entry: { position_seconds: RESUME_AFTER_SECONDS } },
    });
  });

  it('a finished film is removed from Continue Watching', async () => {
    const h = harness();
    await h.startPlaying(100);
    h.time(DURATION * 0.96);
    expect(h.lastUpdate()).toEqual({ type: 'progress.update', command: { kind: 'remove', key: 'movie-603' } });
    h.emit({ type: 'playback.ended' });
    expect(h.lastUpdate()).toEqual({ type: 'progress.update', command: { kind: 'remove', key: 'movie-603' } });
    expect(h.saver.events.at(-1)).toEqual({ type: 'progress.flush' });
  });

  it('a finished episode moves the series on to the next episode at 0', async () => {
    const h = harness(EPISODE);
    await h.startPlaying();
    h.emit({ type: 'playback.ended' });
    expect(h.lastUpdate()).toMatchObject({
      command: { kind: 'save', entry: { season_number: 1, episode_number: 3, position_seconds: 0 } },
    });
  });

  it('stops the saver (which writes the last position) when the player stops', async () => {
    const h = harness();
    await h.startPlaying(50);
    h.actor.stop();
    expect(h.saver.stops).toBe(1);
    expect(h.attached[0].stopped).toBe(true);
  });
});

describe('player machine: next episode', () => {
  it('counts down in the last 10 s and goes to the next episode at 0', async () => {
    const h = harness(EPISODE);
    await h.startPlaying(DURATION - 30);
    expect(h.countdown()).toBeNull();
    h.time(DURATION - COUNTDOWN_SECONDS);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    vi.advanceTimersByTime(3000);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS - 3);
    vi.advanceTimersByTime((COUNTDOWN_SECONDS - 3) * 1000);
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });

  it('stands still while paused', async () => {
    const h = harness(EPISODE);
    await h.startPlaying(DURATION - 5);
    h.emit({ type: 'playback.paused' });
    vi.advanceTimersByTime(60_000);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    expect(h.navigations).toEqual([]);
  });

  it('can be cancelled, and comes back after seeking out of the window and into it again', async () => {
    const h = harness(EPISODE);
    await h.startPlaying(DURATION - 5);
    h.actor.send({ type: 'nextEpisode.cancel' });
    expect(h.countdown()).toBeNull();
    vi.advanceTimersByTime(30_000);
    h.emit({ type: 'playback.ended' });
    vi.advanceTimersByTime(30_000);
    expect(h.navigations).toEqual([]);
    h.time(10);
    h.time(DURATION - 2);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
  });

  it('"Next Episode" goes there at once; a film or the last episode has none', async () => {
    const h = harness(EPISODE);
    await h.startPlaying();
    h.actor.send({ type: 'nextEpisode.play' });
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);

    const last = harness({ ...EPISODE, next: null });
    await last.startPlaying(DURATION - 3);
    expect(last.countdown()).toBeNull();
    last.actor.send({ type: 'nextEpisode.play' });
    vi.advanceTimersByTime(30_000);
    expect(last.navigations).toEqual([]);
  });
});

describe('player machine: skip markers', () => {
  const MARKERS: Marker[] = [
    { kind: 'intro', start: 1, end: 6.5 },
    { kind: 'credits', start: 100, end: DURATION },
  ];

  it('reads the markers once attached; Skip during one seeks past it and plays on', async () => {
    const h = harness(FILM, 0, { markers: MARKERS });
    await h.startPlaying(3);
    expect(h.actor.getSnapshot().context.markers).toEqual(MARKERS);
    h.emit({ type: 'playback.paused' });
    h.actor.send({ type: 'player.skip' });
    expect(h.state()).toBe('seeking');
    expect(h.commands().slice(-2)).toEqual([{ type: 'seek', to: 6.5 }, { type: 'play' }]);
    h.emit({ type: 'playback.seeked' });
    expect(h.state()).toBe('playing');
  });

  it('Skip outside any marker, or for a programme without markers, does nothing', async () => {
    const h = harness(FILM, 0, { markers: MARKERS });
    await h.startPlaying(30);
    const before = h.commands().length;
    h.actor.send({ type: 'player.skip' });
    expect(h.state()).toBe('playing');
    expect(h.commands()).toHaveLength(before);

    const bare = harness(FILM);
    await bare.startPlaying(3);
    bare.actor.send({ type: 'player.skip' });
    expect(bare.state()).toBe('playing');
  });
});

describe('player machine: the end screen', () => {
  const CREDITS: Marker[] = [{ kind: 'credits', start: 90, end: DURATION }];

  it('comes with the credits marker, not before; seeking back out hides it', async () => {
    const h = harness(FILM, 0, { markers: CREDITS });
    await h.startPlaying(89);
    expect(h.endShown()).toBe(false);
    h.time(90);
    expect(h.endShown()).toBe(true);
    // A film counts down to nothing.
    expect(h.countdown()).toBeNull();
    h.time(40);
    expect(h.endShown()).toBe(false);
  });

  it('without credits marked, the last seconds or the end bring it', async () => {
    const h = harness(FILM);
    await h.startPlaying(DURATION - 20);
    expect(h.endShown()).toBe(false);
    h.emit({ type: 'playback.ended' });
    expect(h.endShown()).toBe(true);
  });

  it('for an episode with autoplay, counts down from the credits to the next episode', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS });
    await h.startPlaying(95);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });

  it('with the profile’s autoplay off, shows the next episode without a countdown', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplay: false });
    await h.startPlaying(95);
    expect(h.endShown()).toBe(true);
    expect(h.countdown()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(h.navigations).toEqual([]);
    h.actor.send({ type: 'nextEpisode.play' });
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });

  it('follows the profile’s autoplay turned off while playing: the end screen after has no countdown', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS });
    await h.startPlaying(40);
    h.actor.send({ type: 'player.autoplay', autoplay: false });
    h.time(95);
    expect(h.endShown()).toBe(true);
    expect(h.countdown()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(h.navigations).toEqual([]);
  });

  it('follows the profile’s autoplay turned on before the credits: the countdown runs', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplay: false });
    await h.startPlaying(40);
    h.actor.send({ type: 'player.autoplay', autoplay: true });
    h.time(95);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });

  it('autoplay turned off during the countdown stops it, and the screen stays', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS });
    await h.startPlaying(95);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    h.actor.send({ type: 'player.autoplay', autoplay: false });
    expect(h.endShown()).toBe(true);
    expect(h.countdown()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(h.navigations).toEqual([]);
  });

  it('"Watch Credits" hides it and stops the count until the end, which shows it again without one', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS });
    await h.startPlaying(95);
    h.actor.send({ type: 'endScreen.watchCredits' });
    expect(h.endShown()).toBe(false);
    h.time(110);
    vi.advanceTimersByTime(30_000);
    expect(h.navigations).toEqual([]);
    h.emit({ type: 'playback.ended' });
    expect(h.endShown()).toBe(true);
    expect(h.countdown()).toBeNull();
  });

  it('loads its machine once the programme is known, and one that arrives late knows the credits and that the media plays', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, holdEndScreen: true });
    await h.startPlaying(80);
    expect(h.endShown()).toBe(false);
    h.endScreenLoaded.resolve();
    await flush();
    h.time(95);
    expect(h.endShown()).toBe(true);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });

  it('without its machine (the chunk failed to load), the programme plays on to its end', async () => {
    const h = harness(EPISODE, 0, { holdEndScreen: true });
    await h.startPlaying(DURATION - 5);
    h.endScreenLoaded.reject(new Error('Failed to fetch dynamically imported module'));
    await flush();
    h.time(DURATION - 1);
    h.emit({ type: 'playback.ended' });
    expect(h.endShown()).toBe(false);
    expect(h.state()).toBe('ended');
    // "Next Episode" still goes there.
    h.actor.send({ type: 'nextEpisode.play' });
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
  });
});

describe('player machine: "Are you still watching?"', () => {
  const CREDITS: Marker[] = [{ kind: 'credits', start: 90, end: DURATION }];

  it('hands an episode that starts on its own the run plus one, and one the viewer chose 0', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: 1 });
    await h.startPlaying(95);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.runs).toEqual([2]);

    const chosen = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: 2 });
    await chosen.startPlaying(95);
    chosen.actor.send({ type: 'nextEpisode.play' });
    expect(chosen.runs).toEqual([0]);
  });

  it(`after ${STILL_WATCHING_AFTER} episodes started on their own, pauses and holds the next one until Continue`, async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: STILL_WATCHING_AFTER });
    await h.startPlaying(95);
    expect(h.countdown()).toBe(COUNTDOWN_SECONDS);
    expect(h.asking()).toBe(false);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.asking()).toBe(true);
    expect(h.endShown()).toBe(true);
    expect(h.commands()).toContainEqual({ type: 'pause' });
    h.emit({ type: 'playback.paused' });
    expect(h.state()).toBe('paused');
    vi.advanceTimersByTime(5 * 60_000);
    expect(h.navigations).toEqual([]);
    h.actor.send({ type: 'stillWatching.continue' });
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
    // The run starts again from 0.
    expect(h.runs).toEqual([0]);
  });

  it('the episode before the threshold still goes on by itself', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: STILL_WATCHING_AFTER - 1 });
    await h.startPlaying(95);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.asking()).toBe(false);
    expect(h.runs).toEqual([STILL_WATCHING_AFTER]);
  });

  it('any interaction on the player resets the run: the next episode starts on its own', async () => {
    const h = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: STILL_WATCHING_AFTER });
    await h.startPlaying(40);
    h.actor.send({ type: 'controls.activity' });
    h.time(95);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(h.asking()).toBe(false);
    expect(h.navigations).toEqual([{ season: 1, episode: 3 }]);
    expect(h.runs).toEqual([1]);
  });

  it('an interaction during the countdown resets it too; on the prompt it does not dismiss it', async () => {
    const during = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: STILL_WATCHING_AFTER });
    await during.startPlaying(95);
    vi.advanceTimersByTime(3000);
    during.actor.send({ type: 'controls.activity' });
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    expect(during.runs).toEqual([1]);

    const h = harness(EPISODE, 0, { markers: CREDITS, autoplayRun: STILL_WATCHING_AFTER });
    await h.startPlaying(95);
    vi.advanceTimersByTime(COUNTDOWN_SECONDS * 1000);
    h.emit({ type: 'playback.paused' });
    h.actor.send({ type: 'controls.activity' });
    vi.advanceTimersByTime(60_000);
    expect(h.asking()).toBe(true);
    expect(h.navigations).toEqual([]);
  });
});
