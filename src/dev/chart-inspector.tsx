import { createElement, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { type AnyActorRef, type AnyStateMachine, type InspectionEvent, StateMachine, type StateValue } from 'xstate';

import type { ChartGraph } from '../components/dev/chart-graph';
import { type InspectedActor, InspectorPanel } from '../components/dev/InspectorPanel';
import { globalStyles } from '../components/stitches.config';
import { activeStateIds, machineGraph } from './machine-graph';

/** Redraws at most this often, however fast events arrive. */
const REDRAW_MS = 150;

interface Tracked {
  actor: AnyActorRef;
  machine: AnyStateMachine;
  lastEvent?: string;
}

const stateText = (value: StateValue): string =>
  typeof value === 'string'
    ? value
    : Object.entries(value)
        .map(([key, inner]) => (inner && Object.keys(inner).length ? `${key}.${stateText(inner as StateValue)}` : key))
        .join(' | ');

/**
 * `?inspect=chart`: XState's inspection events feed a side drawer (InspectorPanel) that charts
 * every live machine actor with its current states highlighted. Everything is local, so it
 * works offline; like the rest of src/dev it is only loaded in development.
 */
export function createChartInspector(container: HTMLElement = document.body) {
  const tracked = new Map<string, Tracked>();
  const graphs = new WeakMap<AnyStateMachine, ChartGraph>();
  const graphOf = (machine: AnyStateMachine) => {
    let graph = graphs.get(machine);
    if (!graph) graphs.set(machine, (graph = machineGraph(machine)));
    return graph;
  };

  let open = new URLSearchParams(window.location.search).get('inspect') === 'chart';
  let view: { actors: InspectedActor[]; open: boolean } = { actors: [], open };
  const listeners = new Set<() => void>();
  const publish = () => {
    const actors: InspectedActor[] = [];
    const machineIds = [...tracked.values()].map((t) => t.machine.id);
    for (const [key, { actor, machine, lastEvent }] of tracked) {
      const snapshot = actor.getSnapshot() as { status: string; value: StateValue };
      // An actor that has stopped (React's strict mode starts some twice) leaves the list.
      if (snapshot.status === 'stopped') {
        tracked.delete(key);
        continue;
      }
      const graph = graphOf(machine);
      actors.push({
        key,
        // Named by machine; several actors of one machine (the home rows) by their actor ids too.
        name: machineIds.filter((id) => id === graph.id).length > 1 ? `${graph.id} (${actor.id})` : graph.id,
        graph,
        active: activeStateIds(graph.id, snapshot.value),
        state: stateText(snapshot.value),
        lastEvent,
        status: snapshot.status,
      });
    }
    view = { actors, open };
    listeners.forEach((listener) => listener());
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      publish();
    }, REDRAW_MS);
  };
  // Actors stop without an inspection event of their own: look again now and then.
  setInterval(schedule, 1000);

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const setOpen = (next: boolean) => {
    open = next;
    publish();
  };

  function Panel() {
    const current = useSyncExternalStore(subscribe, () => view);
    globalStyles();
    return createElement(InspectorPanel, { actors: current.actors, open: current.open, onOpenChange: setOpen });
  }

  const host = document.createElement('div');
  container.append(host);
  createRoot(host).render(createElement(Panel));

  return (event: InspectionEvent) => {
    const actor = event.actorRef as AnyActorRef;
    const logic = (actor as { logic?: unknown }).logic;
    if (!(logic instanceof StateMachine)) return;
    // Listed from its first snapshot: React's strict mode creates some actors it never starts.
    if (event.type === '@xstate.snapshot' && !tracked.has(actor.sessionId)) {
      tracked.set(actor.sessionId, { actor, machine: logic as AnyStateMachine });
    }
    const entry = tracked.get(actor.sessionId);
    if (!entry) return;
    if (event.type === '@xstate.event') entry.lastEvent = event.event.type;
    schedule();
  };
}
