import { useEffect, useState } from 'react';
import type { Actor } from 'xstate';

import { audioLabels } from '../../components/watching/audio-label';
import { speedLabel } from '../../components/watching/format-time';
import type { playerMachine } from '../../machines/watching/player.machine';

type PlayerSnapshot = ReturnType<Actor<typeof playerMachine>['getSnapshot']>;

/** What changed between two snapshots, in words for a screen reader; '' when nothing worth saying. */
export function announce(before: PlayerSnapshot, after: PlayerSnapshot): string {
  const was = before.context;
  const now = after.context;
  if (now.subtitles !== was.subtitles) return now.subtitles < 0 ? 'Subtitles off' : 'Subtitles on';
  if (now.speed !== was.speed) return `Speed ${speedLabel(now.speed)}`;
  // A switch, not the programme's first rendition.
  if (now.audio !== was.audio && was.audio >= 0) {
    const index = now.audioTracks.findIndex((track) => track.id === now.audio);
    if (index >= 0) return `Audio: ${audioLabels(now.audioTracks)[index]}`;
  }
  if (now.muted !== was.muted) return now.muted ? 'Muted' : 'Unmuted';
  if (now.level !== was.level) {
    const chosen = now.levels.find((level) => level.index === now.level);
    return chosen ? `Quality ${chosen.label}` : 'Quality Auto';
  }
  const states = ['paused', 'playing', 'ended', 'error'] as const;
  for (const state of states) {
    if (after.hasTag(state) && !before.hasTag(state)) {
      if (state === 'paused') return 'Paused';
      if (state === 'playing') return before.hasTag('paused') ? 'Playing' : '';
      if (state === 'ended') return 'Ended';
      return `Error: ${now.error ?? 'the programme could not be played'}`;
    }
  }
  return '';
}

/** The player's latest announcement for its polite live region. */
export function useAnnouncement(actor: Actor<typeof playerMachine>): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let previous = actor.getSnapshot();
    const subscription = actor.subscribe((snapshot) => {
      const said = announce(previous, snapshot);
      previous = snapshot;
      if (said) setMessage(said);
    });
    return () => subscription.unsubscribe();
  }, [actor]);
  return message;
}
