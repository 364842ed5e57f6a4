import { describe, expect, it } from 'vitest';
import { createActor, setup } from 'xstate';

import type { AudioChoice } from '../../../../src/machines/watching/player-events.ts';
import {
  type PlayerSettingsEvent,
  playerSettingsMachine,
  type PlayerSettingsOutput,
} from '../../../../src/machines/watching/player-settings.machine.ts';
import type { AudioTrack } from '../../../../src/services/playback/playback.port.ts';

const MAIN: AudioTrack = { id: 0, name: 'English', language: 'en', describes: false };
const DESCRIBED: AudioTrack = { id: 1, name: 'English – Audio Description', language: 'en', describes: true };
const FRENCH: AudioTrack = { id: 2, name: 'Français', language: 'fr', describes: false };

/** The settings machine under a parent that only records what it is told. */
function harness(audioChoice: AudioChoice | null = null) {
  const told: PlayerSettingsOutput[] = [];
  const parent = setup({
    types: { events: {} as PlayerSettingsOutput | PlayerSettingsEvent },
    actors: { settings: playerSettingsMachine },
  }).createMachine({
    invoke: { id: 'settings', src: 'settings', input: { audioChoice } },
    on: {
      'settings.command': { actions: ({ event }) => told.push(event) },
      'settings.audioChosen': { actions: ({ event }) => told.push(event) },
    },
  });
  const actor = createActor(parent).start();
  const settings = actor.getSnapshot().children.settings!;
  const send = (event: PlayerSettingsEvent) => settings.send(event);
  const context = () => settings.getSnapshot().context;
  const commands = () => told.flatMap((e) => (e.type === 'settings.command' ? [e.command] : []));
  const chosen = () => told.flatMap((e) => (e.type === 'settings.audioChosen' ? [e.choice] : []));
  return { send, context, commands, chosen };
}

describe('player settings machine', () => {
  it('starts at full volume, Auto quality, subtitles off, normal speed, with nothing offered', () => {
    const h = harness({ language: 'fr', describes: false });
    expect(h.context()).toEqual({
      volume: 1,
      muted: false,
      levels: [],
      level: -1,
      playingLevel: -1,
      subtitleTracks: [],
      subtitles: -1,
      audioTracks: [],
      audio: -1,
      audioChoice: { language: 'fr', describes: false },
      speed: 1,
    });
    expect(h.commands()).toEqual([]);
  });

  it('sets the volume (clamped, unmuting), toggles mute, and follows the media’s own volume without a command', () => {
    const h = harness();
    h.send({ type: 'player.mute' });
    h.send({ type: 'player.volume', volume: -0.3 });
    h.send({ type: 'player.mute' });
    expect(h.commands()).toEqual([
      { type: 'volume', volume: 1, muted: true },
      { type: 'volume', volume: 0, muted: false },
      { type: 'volume', volume: 0, muted: true },
    ]);
    h.send({ type: 'playback.volume', volume: 0.4, muted: false });
    expect(h.context()).toMatchObject({ volume: 0.4, muted: false });
    expect(h.commands()).toHaveLength(3);
  });

  it('asks for the chosen quality and shows the rendition the engine reports playing', () => {
    const h = harness();
    const levels = [
      { index: 0, height: 360, label: '360p' },
      { index: 1, height: 720, label: '720p' },
    ];
    h.send({ type: 'playback.levels', levels });
    h.send({ type: 'playback.levelSwitched', index: 0 });
    h.send({ type: 'player.level', index: 1 });
    expect(h.context()).toMatchObject({ levels, level: 1, playingLevel: 0 });
    h.send({ type: 'playback.levelSwitched', index: 1 });
    expect(h.context().playingLevel).toBe(1);
    expect(h.commands()).toEqual([{ type: 'level', index: 1 }]);
  });

  it('toggles subtitles between the first track and off, and does nothing without a track', () => {
    const h = harness();
    h.send({ type: 'player.toggleSubtitles' });
    expect(h.commands()).toEqual([]);
    h.send({
      type: 'playback.subtitleTracks',
      tracks: [
        { id: 3, label: 'English', language: 'en' },
        { id: 4, label: 'Français', language: 'fr' },
      ],
    });
    h.send({ type: 'player.toggleSubtitles' });
    expect(h.context().subtitles).toBe(3);
    h.send({ type: 'player.toggleSubtitles' });
    expect(h.context().subtitles).toBe(-1);
    h.send({ type: 'player.subtitles', id: 4 });
    expect(h.context().subtitles).toBe(4);
    expect(h.commands()).toEqual([
      { type: 'subtitles', id: 3 },
      { type: 'subtitles', id: -1 },
      { type: 'subtitles', id: 4 },
    ]);
  });

  it('asks for an offered audio rendition, tells the choice by language and kind, and shows what the engine plays', () => {
    const h = harness();
    h.send({ type: 'player.audio', id: 1 }); // nothing offered yet
    h.send({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    h.send({ type: 'playback.audioSwitched', id: 0 });
    h.send({ type: 'player.audio', id: 7 }); // not offered
    expect(h.commands()).toEqual([]);
    expect(h.chosen()).toEqual([]);
    h.send({ type: 'player.audio', id: 1 });
    expect(h.commands()).toEqual([{ type: 'audio', id: 1 }]);
    expect(h.chosen()).toEqual([{ language: 'en', describes: true }]);
    expect(h.context()).toMatchObject({ audio: 0, audioChoice: { language: 'en', describes: true } });
    h.send({ type: 'playback.audioSwitched', id: 1 });
    expect(h.context().audio).toBe(1);
  });

  it('plays the earlier audio choice where the programme has it, and only when it is not already playing', () => {
    const applied = harness({ language: 'en', describes: true });
    applied.send({ type: 'playback.audioTracks', tracks: [MAIN, DESCRIBED] });
    expect(applied.commands()).toEqual([{ type: 'audio', id: 1 }]);
    // Applying it is not a new choice of the viewer's.
    expect(applied.chosen()).toEqual([]);

    const lacking = harness({ language: 'en', describes: true });
    lacking.send({ type: 'playback.audioTracks', tracks: [MAIN, FRENCH] });
    const playing = harness({ language: 'fr', describes: false });
    playing.send({ type: 'playback.audioSwitched', id: 2 });
    playing.send({ type: 'playback.audioTracks', tracks: [MAIN, FRENCH] });
    expect(lacking.commands()).toEqual([]);
    expect(playing.commands()).toEqual([]);
  });

  it('takes only the offered speeds', () => {
    const h = harness();
    h.send({ type: 'player.speed', speed: 2 });
    h.send({ type: 'player.speed', speed: 0.75 });
    h.send({ type: 'player.speed', speed: 0.6 });
    expect(h.context().speed).toBe(0.75);
    expect(h.commands()).toEqual([{ type: 'rate', rate: 0.75 }]);
  });
});
