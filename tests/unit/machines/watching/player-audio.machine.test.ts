import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';

import type { Marker } from '../../../../shared/media/markers.ts';
import type { ThumbnailCue } from '../../../../shared/media/trickplay.ts';
import { endScreenMachine } from '../../../../src/machines/watching/end-screen.machine.ts';
import { playerMachine } from '../../../../src/machines/watching/player.machine.ts';
import type { AudioChoice, PlaybackCommand } from '../../../../src/machines/watching/player-events.ts';
import type { Programme } from '../../../../src/machines/watching/programme.ts';
import { announceSettings } from '../../../../src/screens/watching/announcements.ts';
import type { AudioTrack, PlaybackEvent } from '../../../../src/services/playback/playback.port.ts';
import { flush } from '../../support/deferred.ts';

const FILM: Programme = {
  mediaType: 'movie',
  id: 603,
  episode: null,
  title: 'The Matrix',
  backdropPath: null,
  src: '/media/programmes/scifi/master.m3u8',
  thumbnails: null,
  markers: null,
  next: null,
  moreLikeThis: [],
};

const MAIN: AudioTrack = { id: 0, name: 'English', language: 'en', describes: false };
const DESCRIBED: AudioTrack = { id: 1, name: 'English – Audio Description', language: 'en', describes: true };
const FRENCH: AudioTrack = { id: 2, name: 'Français', language: 'fr', describes: false };

/** A player whose media is the test's: it records the commands, and the test speaks for hls.js. */
async function harness(audioChoice?: AudioChoice | null) {
  const attached: { commands: PlaybackCommand[]; emit: (event: PlaybackEvent) => void }[] = [];
  const remembered: AudioChoice[] = [];
  const machine = playerMachine.provide({
    actors: {
      loadProgramme: fromPromise(async () => FILM),
      playback: fromCallback<PlaybackCommand, { src: string; startAt: number }>(({ sendBack, receive }) => {
        const record = { commands: [] as PlaybackCommand[], emit: sendBack };
        attached.push(record);
        receive((command) => record.commands.push(command));
      }),
      progress: fromCallback(() => {}),
      loadThumbnails: fromPromise<ThumbnailCue[], { url: string | null }>(async () => []),
      loadMarkers: fromPromise<Marker[], { url: string | null }>(async () => []),
      loadEndScreen: fromPromise(async () => endScreenMachine),
    },
    actions: { rememberAudio: (_, { choice }) => remembered.push(choice) },
  });
  const actor = createActor(machine, {
    input: { request: { mediaType: 'movie', id: 603, episode: null }, startAt: 0, autoplay: true, audioChoice },
  });
  actor.start();
  await flush();
  const media = () => attached.at(-1)!;
  const audioCommands = () => media().commands.filter((c) => c.type === 'audio');
  // The audio menu's part is the player's settings child's.
  const settings = () => actor.getSnapshot().children.settings!.getSnapshot().context;
  return { actor, attached, media, audioCommands, remembered, settings };
}

describe('player machine: audio tracks', () => {
  it('lists the renditions hls.js reports and follows the one it plays', async () => {
    const h = await harness();
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.media().emit({ type: 'playback.audioSwitched', id: 0 });
    expect(h.settings().audioTracks).toEqual([MAIN, DESCRIBED]);
    expect(h.settings().audio).toBe(0);
    // No earlier choice: the programme's default plays, untouched.
    expect(h.audioCommands()).toEqual([]);
  });

  it('asks the engine for the chosen rendition, shows it once switched, and remembers the choice', async () => {
    const h = await harness();
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.media().emit({ type: 'playback.audioSwitched', id: 0 });
    h.actor.send({ type: 'player.audio', id: 1 });
    expect(h.audioCommands()).toEqual([{ type: 'audio', id: 1 }]);
    // The menu shows what plays: the engine's word, not the wish.
    expect(h.settings().audio).toBe(0);
    expect(h.remembered).toEqual([{ language: 'en', describes: true }]);
    h.media().emit({ type: 'playback.audioSwitched', id: 1 });
    expect(h.settings().audio).toBe(1);
  });

  it('refuses a rendition the programme does not have', async () => {
    const h = await harness();
    h.actor.send({ type: 'player.audio', id: 1 });
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.actor.send({ type: 'player.audio', id: 7 });
    expect(h.audioCommands()).toEqual([]);
    expect(h.remembered).toEqual([]);
  });

  it("plays the profile's earlier choice where the programme has it", async () => {
    const h = await harness({ language: 'en', describes: true });
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    expect(h.audioCommands()).toEqual([{ type: 'audio', id: 1 }]);
  });

  it('leaves the default alone when the programme lacks the choice, or already plays it', async () => {
    const without = await harness({ language: 'en', describes: true });
    without.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, FRENCH] });
    expect(without.audioCommands()).toEqual([]);

    const already = await harness({ language: 'fr', describes: false });
    already.media().emit({ type: 'playback.audioSwitched', id: 2 });
    already.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, FRENCH] });
    expect(already.audioCommands()).toEqual([]);
  });

  it('keeps a choice made during this programme through a retry', async () => {
    const h = await harness();
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.actor.send({ type: 'player.audio', id: 1 });
    h.media().emit({ type: 'playback.error', message: 'gone' });
    h.actor.send({ type: 'player.retry' });
    await flush();
    expect(h.attached).toHaveLength(2);
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    expect(h.audioCommands()).toEqual([{ type: 'audio', id: 1 }]);
  });
});

describe('player announcements: audio', () => {
  it('says the rendition switched to, by language and kind, but not the first one', async () => {
    const h = await harness();
    const said: string[] = [];
    const settings = h.actor.getSnapshot().children.settings!;
    let before: SnapshotFrom<typeof settings> = settings.getSnapshot();
    settings.subscribe((after) => {
      const words = announceSettings(before, after);
      before = after;
      if (words) said.push(words);
    });
    h.media().emit({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.media().emit({ type: 'playback.audioSwitched', id: 0 });
    h.actor.send({ type: 'player.audio', id: 1 });
    h.media().emit({ type: 'playback.audioSwitched', id: 1 });
    expect(said).toEqual(['Audio: English – Audio Description']);
  });
});
