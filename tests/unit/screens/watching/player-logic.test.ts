import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

import type { ProgressCommand } from '../../../../src/machines/watching/programme.ts';
import {
  afterFirstPicture,
  EXTRAS_WAIT_MS,
  programmeLoader,
  progressSaver,
} from '../../../../src/screens/watching/player-logic.ts';
import type { CatalogueService, TitleDetails } from '../../../../src/services/catalogue/catalogue.port.ts';
import { flush } from '../../support/deferred.ts';

const SAVE: ProgressCommand = {
  kind: 'save',
  entry: {
    media_type: 'movie',
    id: 603,
    season_number: null,
    episode_number: null,
    position_seconds: 30,
    duration_seconds: 120,
    title: 'The Matrix',
    backdrop_path: null,
  },
};

describe('progressSaver', () => {
  it('hands the latest change on when flushed, once, and again when stopped only if it changed', () => {
    const handed: ProgressCommand[] = [];
    const saver = createActor(
      progressSaver((command) => handed.push(command)),
      { input: { programme: {} as never } },
    ).start();
    saver.send({ type: 'progress.update', command: SAVE });
    expect(handed).toEqual([]);
    saver.send({ type: 'progress.flush' });
    saver.send({ type: 'progress.flush' });
    expect(handed).toEqual([SAVE]);
    saver.send({ type: 'progress.update', command: { kind: 'remove', key: 'movie-603' } });
    saver.stop();
    expect(handed).toEqual([SAVE, { kind: 'remove', key: 'movie-603' }]);
  });

  it('hands the latest change on when the page is hidden (a closed tab)', () => {
    const handed: ProgressCommand[] = [];
    const saver = createActor(
      progressSaver((command) => handed.push(command)),
      { input: { programme: {} as never } },
    ).start();
    saver.send({ type: 'progress.update', command: SAVE });
    window.dispatchEvent(new Event('pagehide'));
    expect(handed).toEqual([SAVE]);
    saver.stop();
    expect(handed).toHaveLength(1);
  });
});

describe('programmeLoader', () => {
  it('names the title, picks its mood’s programme and the next episode', async () => {
    // Only the fields the loader reads; a whole TMDB series answer has some forty more.
    const details = {
      id: 1399,
      name: 'Thrones',
      overview: '',
      backdrop_path: '/b.jpg',
      poster_path: null,
      genres: [{ id: 878, name: 'Science Fiction' }],
      similar: {
        results: [1399, 1, 2, 3, 4].map((id) => ({ id, name: `Series ${id}`, backdrop_path: `/${id}.jpg` })),
      },
      seasons: [
        {
          id: 1,
          season_number: 1,
          name: 'S1',
          episode_count: 2,
          air_date: null,
          overview: '',
          poster_path: null,
          vote_average: 0,
        },
      ],
    } as unknown as TitleDetails;
    const catalogue = { details: vi.fn(async () => details) } as unknown as CatalogueService;
    const loader = createActor(programmeLoader(catalogue), {
      input: { mediaType: 'tv', id: 1399, episode: { season: 1, episode: 1 } },
    }).start();
    await flush();
    expect(loader.getSnapshot().output).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 1, episode: 1 },
      title: 'Thrones',
      backdropPath: '/b.jpg',
      src: '/media/programmes/scifi/master.m3u8',
      thumbnails: '/media/programmes/scifi/trickplay.vtt',
      markers: '/media/programmes/scifi/markers.json',
      next: { season: 1, episode: 2 },
      // Three from More Like This, the title itself left out.
      moreLikeThis: [1, 2, 3].map((id) => ({ id, name: `Series ${id}`, backdropPath: `/${id}.jpg` })),
    });
  });

  it('plays the library’s programme when the operator’s library has the title, its mood’s otherwise', async () => {
    const details = { id: 603, title: 'The Matrix', backdrop_path: null, genres: [] } as unknown as TitleDetails;
    const catalogue = { details: vi.fn(async () => details) } as unknown as CatalogueService;
    const own = {
      src: '/media/library/library-4/master.m3u8',
      thumbnails: '/media/library/library-4/trickplay/thumbnails.vtt',
      name: 'The Matrix',
    };
    const findProgramme = vi.fn(async () => own);
    const loader = createActor(programmeLoader(catalogue, findProgramme), {
      input: { mediaType: 'movie', id: 603, episode: null },
    }).start();
    await flush();
    expect(findProgramme).toHaveBeenCalledWith({ mediaType: 'movie', id: 603, episode: null }, expect.any(AbortSignal));
    // Without a grant (the server's first paint) its addresses are never played, and its markers
    // are served only under one.
    expect(loader.getSnapshot().output).toMatchObject({
      src: own.src,
      thumbnails: own.thumbnails,
      markers: null,
    });
    expect(loader.getSnapshot().output?.episodeName).toBeUndefined();

    // An episode the library has is named as its NFO or file name names it.
    const episode = createActor(
      programmeLoader(catalogue, async () => ({ ...own, name: 'Lies' })),
      {
        input: { mediaType: 'tv', id: 2_000_000_001, episode: { season: 1, episode: 2 } },
      },
    ).start();
    await flush();
    expect(episode.getSnapshot().output).toMatchObject({ src: own.src, episodeName: 'Lies' });

    const mood = createActor(
      programmeLoader(catalogue, async () => null),
      {
        input: { mediaType: 'movie', id: 603, episode: null },
      },
    ).start();
    await flush();
    expect(mood.getSnapshot().output?.src).toMatch(/^\/media\/programmes\/\w+\/master\.m3u8$/);
    expect(mood.getSnapshot().output?.markers).toMatch(/^\/media\/programmes\/\w+\/markers\.json$/);
  });
});

describe('programmeLoader under a playback grant', () => {
  const details = { id: 603, title: 'The Matrix', backdrop_path: null, genres: [] } as unknown as TitleDetails;
  const catalogue = { details: vi.fn(async () => details) } as unknown as CatalogueService;
  const grant = { master: '/media/grants/tok/master.m3u8', thumbnails: '/media/grants/tok/trickplay.vtt' };

  it('plays the grant’s addresses, and reads a demo programme’s markers beside its master', async () => {
    const loader = createActor(
      programmeLoader(catalogue, async () => null, grant),
      {
        input: { mediaType: 'movie', id: 603, episode: null },
      },
    ).start();
    await flush();
    expect(loader.getSnapshot().output).toMatchObject({
      src: grant.master,
      thumbnails: grant.thumbnails,
      markers: '/media/grants/tok/markers.json',
    });
  });

  it('plays the grant’s addresses for a library programme too, with its markers, named as the library names it', async () => {
    const own = { src: '/media/library/library-4/master.m3u8', thumbnails: 'x.vtt', name: 'Lies' };
    const loader = createActor(
      programmeLoader(catalogue, async () => own, { ...grant, thumbnails: null }),
      { input: { mediaType: 'tv', id: 2_000_000_001, episode: { season: 1, episode: 2 } } },
    ).start();
    await flush();
    expect(loader.getSnapshot().output).toMatchObject({
      src: grant.master,
      thumbnails: null,
      markers: '/media/grants/tok/markers.json',
      episodeName: 'Lies',
    });
  });
});

describe("afterFirstPicture: the player's extras wait for the first picture", () => {
  /** A <video> whose readiness the test sets (jsdom's is always 0, nothing loaded). */
  const videoAt = (readyState: number) => {
    const video = document.createElement('video');
    Object.defineProperty(video, 'readyState', { value: readyState, configurable: true });
    return video;
  };
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for the first picture of a video that has none yet', async () => {
    const video = videoAt(HTMLMediaElement.HAVE_METADATA);
    const done = settled(afterFirstPicture(() => video));
    await flush();
    expect(done()).toBe(false);
    video.dispatchEvent(new Event('loadeddata'));
    await flush();
    expect(done()).toBe(true);
  });

  it('goes at once when the picture is there already, or there is no video', async () => {
    const done = settled(afterFirstPicture(() => videoAt(HTMLMediaElement.HAVE_CURRENT_DATA)));
    const none = settled(afterFirstPicture(() => null));
    await flush();
    expect(done()).toBe(true);
    expect(none()).toBe(true);
  });

  it('goes anyway after a while without a picture, or when its reader is stopped', async () => {
    vi.useFakeTimers();
    try {
      const stalled = settled(afterFirstPicture(() => videoAt(0)));
      const stop = new AbortController();
      const stopped = settled(afterFirstPicture(() => videoAt(0), stop.signal));
      await vi.advanceTimersByTimeAsync(EXTRAS_WAIT_MS - 1);
      expect(stalled()).toBe(false);
      stop.abort();
      await vi.advanceTimersByTimeAsync(0);
      expect(stopped()).toBe(true);
      await vi.advanceTimersByTimeAsync(1);
      expect(stalled()).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
