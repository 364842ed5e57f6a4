import { useEffect, useState } from 'react';
import type { Actor, AnyActorRef, SnapshotFrom } from 'xstate';

import { audioLabels } from '../../components/watching/audio-label';
import { speedLabel } from '../../components/watching/format-time';
import type { playerMachine } from '../../machines/watching/player.machine';
import type { PlayerSettingsLogic } from '../../machines/watching/player-settings.machine';

type PlayerSnapshot = SnapshotFrom<typeof playerMachine>;
type SettingsSnapshot = SnapshotFrom<PlayerSettingsLogic>;

/** What changed in the player's sound and menus (its settings child), in words for a screen reader; '' when nothing worth saying. */
export function announceSettings(before: SettingsSnapshot, after: SettingsSnapshot): string {
  const was = before.context;
  const now = after.context;
  if (now.muted !== was.muted) return now.muted ? 'Muted' : 'Unmuted';
  if (now.subtitles !== was.subtitles) return now.subtitles < 0 ? 'Subtitles off' : 'Subtitles on';
  if (now.speed !== was.speed) return `Speed ${speedLabel(now.speed)}`;
  // A switch, not the programme's first rendition.
  if (now.audio !== was.audio && was.audio >= 0) {
    const index = now.audioTracks.findIndex((track) => track.id === now.audio);
    if (index >= 0) return `Audio: ${audioLabels(now.audioTracks)[index]}`;
  }
  if (now.level !== was.level) {
    const chosen = now.levels.find((level) => level.index === now.level);
    return chosen ? `Quality ${chosen.label}` : 'Quality Auto';
  }
  return '';
}

/** What changed in the media's state between two of the player's snapshots, in words; '' when nothing worth saying. */
export function announce(before: PlayerSnapshot, after: PlayerSnapshot): string {
  const states = ['paused', 'playing', 'ended', 'error'] as const;
  for (const state of states) {
    if (after.hasTag(state) && !before.hasTag(state)) {
      if (state === 'paused') return 'Paused';
      if (state === 'playing') return before.hasTag('paused') ? 'Playing' : '';
      if (state === 'ended') return 'Ended';
      return `Error: ${after.context.error ?? 'the programme could not be played'}`;
    }
  }
  return '';
}

/** Says what `words` finds between each snapshot of `actor` and the one before. */
function follow<A extends AnyActorRef>(
  actor: A,
  words: (before: SnapshotFrom<A>, after: SnapshotFrom<A>) => string,
  say: (message: string) => void,
) {
  let previous: SnapshotFrom<A> = actor.getSnapshot();
  return actor.subscribe((snapshot: SnapshotFrom<A>) => {
    const said = words(previous, snapshot);
    previous = snapshot;
    if (said) say(said);
  });
}

/** The player's latest announcement for its polite live region. */
export function useAnnouncement(actor: Actor<typeof playerMachine>): string {
  const [message, setMessage] = useState('');
  useEffect(() => {
    const settings = actor.getSnapshot().children.settings;
    const subscriptions = [
      follow(actor, announce, setMessage),
      ...(settings ? [follow(settings, announceSettings, setMessage)] : []),
    ];
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [actor]);
  return message;
}
