import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, not, setup } from 'xstate';

import { layoutChart } from '../../../src/components/dev/machine-chart-layout';
import { activeStateIds, guardLabel, machineGraph } from '../../../src/dev/machine-graph';

// A machine with every feature a chart draws: nesting, parallel regions, a final state, guards
// (named and negated), delays (a number and a named one), eventless transitions, an invoked
// actor's done and error, a reentering self-transition and one that changes no state.
const sample = setup({
  types: { events: {} as { type: 'play' } | { type: 'pause' } | { type: 'tick' } | { type: 'stop' } },
  guards: { canPlay: () => true },
  delays: { idleTimeout: 1000 },
  actors: { load: fromPromise(async () => 1) },
}).createMachine({
  id: 'sample',
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'load', onDone: 'ready', onError: 'failed' },
      after: { 5000: 'failed' },
    },
    failed: { type: 'final' },
    ready: {
      type: 'parallel',
      on: { stop: 'done', tick: { actions: () => {} } },
      states: {
        playback: {
          initial: 'paused',
          states: {
            paused: { on: { play: { guard: 'canPlay', target: 'playing' } } },
            playing: { on: { pause: 'paused', play: { target: 'playing', reenter: true } } },
          },
        },
        controls: {
          initial: 'shown',
          states: {
            shown: { after: { idleTimeout: 'hidden' } },
            hidden: { always: { guard: not('canPlay'), target: 'shown' } },
          },
        },
      },
    },
    done: { type: 'final' },
  },
});

const labelsOf = (source: string) =>
  machineGraph(sample)
    .transitions.filter((t) => t.source === source)
    .map((t) => `${t.label} → ${t.target}`);

describe('machineGraph', () => {
  it('keeps the nesting, the kinds and the initial states', () => {
    const { root } = machineGraph(sample);
    expect(root.id).toBe('sample');
    expect(root.initial).toBe('sample.loading');
    expect(root.children.map((c) => [c.key, c.kind])).toEqual([
      ['loading', 'atomic'],
      ['failed', 'final'],
      ['ready', 'parallel'],
      ['done', 'final'],
    ]);
    const ready = root.children[2];
    expect(ready.initial).toBeUndefined();
    expect(ready.children.map((c) => [c.key, c.kind, c.initial])).toEqual([
      ['playback', 'compound', 'sample.ready.playback.paused'],
      ['controls', 'compound', 'sample.ready.controls.shown'],
    ]);
  });

  it('names invoked actors, and their done and error transitions, by source', () => {
    expect(machineGraph(sample).root.children[0].invokes).toEqual(['load']);
    expect(labelsOf('sample.loading')).toEqual([
      'done: load → sample.ready',
      'error: load → sample.failed',
      'after 5000 ms → sample.failed',
    ]);
  });

  it('labels guards, named delays and eventless transitions', () => {
    expect(labelsOf('sample.ready.playback.paused')).toEqual(['play [canPlay] → sample.ready.playback.playing']);
    expect(labelsOf('sample.ready.controls.shown')).toEqual(['after idleTimeout → sample.ready.controls.hidden']);
    expect(labelsOf('sample.ready.controls.hidden')).toEqual(['always [!canPlay] → sample.ready.controls.shown']);
  });

  it('keeps a reentering self-transition as an edge and lists a targetless one inside its state', () => {
    expect(labelsOf('sample.ready.playback.playing')).toContain('play → sample.ready.playback.playing');
    expect(machineGraph(sample).root.children[2].internal).toEqual(['tick']);
  });

  it('writes combined guards as expressions', () => {
    expect(guardLabel('a')).toBe('a');
    expect(guardLabel({ type: 'b', params: {} })).toBe('b');
    expect(guardLabel(not('c'))).toBe('!c');
    expect(guardLabel(undefined)).toBeUndefined();
  });
});

describe('activeStateIds', () => {
  it("lists a live actor's states, parallel regions included", () => {
    const actor = createActor(sample.provide({ actors: { load: fromPromise(() => new Promise<number>(() => {})) } }));
    actor.start();
    expect(activeStateIds('sample', actor.getSnapshot().value)).toEqual(['sample', 'sample.loading']);
    actor.stop();
    expect(activeStateIds('sample', { ready: { playback: 'playing', controls: 'shown' } }).sort()).toEqual(
      [
        'sample',
        'sample.ready',
        'sample.ready.controls',
        'sample.ready.controls.shown',
        'sample.ready.playback',
        'sample.ready.playback.playing',
      ].sort(),
    );
  });
});

describe('layoutChart', () => {
  const chart = layoutChart(machineGraph(sample));
  const box = (id: string) => chart.states.find((s) => s.state.id === id)!;
  const within = (inner: string, outer: string) => {
    const a = box(inner);
    const b = box(outer);
    return (
      a.x - a.width / 2 >= b.x - b.width / 2 &&
      a.x + a.width / 2 <= b.x + b.width / 2 &&
      a.y - a.height / 2 >= b.y - b.height / 2 &&
      a.y + a.height / 2 <= b.y + b.height / 2
    );
  };

  it('places every state inside its parent and draws containers before their children', () => {
    expect(chart.states).toHaveLength(11);
    expect(within('sample.ready.playback.playing', 'sample.ready.playback')).toBe(true);
    expect(within('sample.ready.controls', 'sample.ready')).toBe(true);
    expect(within('sample.ready', 'sample')).toBe(true);
    expect(within('sample.loading', 'sample.ready')).toBe(false);
    const order = chart.states.map((s) => s.state.id);
    expect(order.indexOf('sample.ready')).toBeLessThan(order.indexOf('sample.ready.playback'));
    expect(order.indexOf('sample.ready.playback')).toBeLessThan(order.indexOf('sample.ready.playback.paused'));
    expect(box('sample.ready.controls').region).toBe(true);
    expect(box('sample.ready').container).toBe(true);
  });

  it('routes every transition with a label and marks each initial state', () => {
    expect(chart.edges).toHaveLength(machineGraph(sample).transitions.length);
    for (const edge of chart.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      expect(edge.label).toBeDefined();
      for (const p of edge.points) expect(Number.isFinite(p.x) && Number.isFinite(p.y)).toBe(true);
    }
    // sample, playback and controls start somewhere; a parallel state has no initial child.
    expect(chart.initials).toHaveLength(3);
    expect(chart.width).toBeGreaterThan(0);
    expect(chart.height).toBeGreaterThan(0);
  });
});
