/**
 * A machine's chart as plain data: what MachineChart draws. src/dev/machine-graph.ts makes one
 * from an XState machine, so the component itself never imports xstate.
 */
export type ChartStateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state's full id, e.g. `session.ready.signedIn`. */
  id: string;
  /** Its key within its parent, e.g. `signedIn`. */
  key: string;
  kind: ChartStateKind;
  /** The id of the child entered first (compound states only). */
  initial?: string;
  /** The actors it invokes while active, by name. */
  invokes: string[];
  /** Labels of its transitions that change no state (actions only), drawn inside its box. */
  internal: string[];
  children: ChartState[];
}

export type ChartTransitionKind = 'event' | 'after' | 'always' | 'done' | 'error';

export interface ChartTransition {
  source: string;
  target: string;
  kind: ChartTransitionKind;
  /** `event [guard]`, `after 300 ms`, `always [guard]`, `done: actor`… */
  label: string;
}

export interface ChartGraph {
  /** The machine's id (its root state's id). */
  id: string;
  root: ChartState;
  transitions: ChartTransition[];
}
