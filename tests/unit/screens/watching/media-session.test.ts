import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';

import type { Marker } from '../../../../shared/media/markers.ts';
import type { ThumbnailCue } from '../../../../shared/media/trickplay.ts';
import { playerMachine } from '../../../../src/machines/watching/player.machine.ts';
import type { PlaybackCommand } from '../../../../src/machines/watching/player-events.ts';
import type { Programme } from '../../../../src/machines/watching/programme.ts';
import { connectMediaSession } from '../../../../src/screens/watching/media-session.ts';
import type { PlaybackEvent } from '../../../../src/services/playback/playback.port.ts';
import { flush } from '../../support/deferred.ts';

const EPISODE: Programme = {
  mediaType: 'tv',
  id: 1399,
  episode: { season: 1, episode: 2 },
  title: 'Thrones',
  backdropPath: '/thrones.jpg',
  src: '/media/programmes/drama/master.m3u8',
  thumbnails: '/media/programmes/drama/trickplay.vtt',
  markers: '/media/programmes/drama/markers.json',
  next: { season: 1, episode: 3 },
  moreLikeThis: [],
};

/** A stand-in for navigator.mediaSession, as Chromium has it. */
function fakeSession() {
  const handlers = new Map<string, MediaSessionActionHandler | null>();
  const session = {
    metadata: null as { title: string; artist: string; artwork: { src: string }[] } | null,
    playbackState: 'none',
    position: null as MediaPositionState | null,
    positionsSet: 0,
    setActionHandler: (action: string, handler: MediaSessionActionHandler | null) => handlers.set(action, handler),
    setPositionState: (state: MediaPositionState) => {
      session.positionsSet += 1;
      session.position = state;
    },
  };
  vi.stubGlobal('navigator', { ...navigator, mediaSession: session });
  vi.stubGlobal(
    'MediaMetadata',
    class {
      constructor(init: object) {
        Object.assign(this, init);
      }
    },
  );
  return { session, handlers };
}

afterEach(() => vi.unstubAllGlobals());

describe('connectMediaSession', () => {
  it('shows the programme, follows its state, position and picture-in-picture, and passes the OS keys to the player', async () => {
    const { session, handlers } = fakeSession();
    const commands: PlaybackCommand[] = [];
    let media: ((event: PlaybackEvent) => void) | null = null;
    const navigations: unknown[] = [];
    const actor = createActor(
      playerMachine.provide({
        actors: {
          loadProgramme: fromPromise(async () => EPISODE),
          playback: fromCallback<PlaybackCommand, { src: string; startAt: number }>(({ sendBack, receive }) => {
            media = sendBack;
            receive((command) => commands.push(command));
          }),
          progress: fromCallback(() => {}),
          loadThumbnails: fromPromise(async (): Promise<ThumbnailCue[]> => []),
          loadMarkers: fromPromise(async (): Promise<Marker[]> => []),
        },
        actions: { goToEpisode: (_, params) => navigations.push(params.episode), keepPosition: () => {} },
      }),
      {
        input: {
          request: { mediaType: 'tv', id: 1399, episode: { season: 1, episode: 2 } },
          startAt: 0,
          autoplay: true,
        },
      },
    ).start();
    const video = document.createElement('video');
    const pip: boolean[] = [];
    const stop = connectMediaSession(actor, {
      artworkOf: (path) => `/img${path}`,
      video,
      onPictureInPicture: (active) => pip.push(active),
    });
    await flush();
    media!({ type: 'playback.playing' });
    media!({ type: 'playback.time', time: 30, duration: 124, buffered: [] });

    expect(session.metadata).toMatchObject({
      title: 'Thrones: S1:E2 Episode 2',
      artwork: [{ src: '/img/thrones.jpg' }],
    });
    expect(session.playbackState).toBe('playing');
    expect(session.position).toEqual({ duration: 124, position: 30, playbackRate: 1 });
    // The browser advances the position itself: a time where it reckons is not told again, a seek is.
    const told = session.positionsSet;
    media!({ type: 'playback.time', time: 30.25, duration: 124, buffered: [] });
    expect(session.positionsSet).toBe(told);
    media!({ type: 'playback.time', time: 60, duration: 124, buffered: [] });
    expect(session.positionsSet).toBe(told + 1);
    expect(session.position).toEqual({ duration: 124, position: 60, playbackRate: 1 });

    handlers.get('pause')!({ action: 'pause' });
    expect(commands.at(-1)).toEqual({ type: 'pause' });
    handlers.get('seekforward')!({ action: 'seekforward' });
    expect(commands.at(-1)).toEqual({ type: 'seek', to: 70 });
    handlers.get('nexttrack')!({ action: 'nexttrack' });
    expect(navigations).toEqual([{ season: 1, episode: 3 }]);

    video.dispatchEvent(new Event('enterpictureinpicture'));
    video.dispatchEvent(new Event('leavepictureinpicture'));
    expect(pip).toEqual([true, false]);

    stop();
    video.dispatchEvent(new Event('enterpictureinpicture'));
    expect(pip).toEqual([true, false]);
    expect(session.metadata).toBeNull();
    expect(handlers.get('play')).toBeNull();
    actor.stop();
  });
});
