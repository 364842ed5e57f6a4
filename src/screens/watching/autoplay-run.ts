/**
 * The history entry of an episode the player went to: its run of episodes started on their own
 * (player-events.ts), handed from one episode's page to the next's player.
 */
export interface RunState {
  autoplayRun: number;
}

export const runState = (run: number): RunState => ({ autoplayRun: run });

/** The run an entry's state carries; 0 for any other state (the viewer opened this page). */
export function runOf(state: unknown): number {
  const run = (state as Partial<RunState> | null)?.autoplayRun;
  return typeof run === 'number' && Number.isInteger(run) && run >= 0 ? run : 0;
}
