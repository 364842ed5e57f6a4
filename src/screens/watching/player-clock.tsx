import { useSelector } from '@xstate/react';
import type { Actor } from 'xstate';

import { PlayerTimeline } from '../../components/watching/PlayerTimeline';
import type { playerMachine } from '../../machines/watching/player.machine';

type PlayerActor = Actor<typeof playerMachine>;

/**
 * The player's timeline on the player's clock: the one part of the player page that renders as
 * the time moves (each `timeupdate` and `progress`), so the rest of the page renders only when the
 * player's state or a control changes.
 */
export function PlayerClock({ actor, seekSteps }: { actor: PlayerActor; seekSteps: number }) {
  const time = useSelector(actor, (s) => s.context.time);
  const duration = useSelector(actor, (s) => s.context.duration);
  const buffered = useSelector(actor, (s) => s.context.buffered);
  const thumbnails = useSelector(actor, (s) => s.context.thumbnails);
  return (
    <PlayerTimeline
      time={time}
      duration={duration}
      buffered={buffered}
      thumbnails={thumbnails}
      seekSteps={seekSteps}
      onSeek={(to) => actor.send({ type: 'player.seek', to })}
    />
  );
}
