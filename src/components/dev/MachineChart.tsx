import { useEffect, useId, useMemo, useRef } from 'react';

import { styled } from '../stitches.config';
import type { ChartGraph, ChartState } from './chart-graph';
import {
  type ChartLayout,
  FONT_SIZE,
  type LaidOutEdge,
  type LaidOutState,
  layoutChart,
  LINE_HEIGHT,
} from './machine-chart-layout';

export interface MachineChartProps {
  /** The machine as plain data (src/dev/machine-graph.ts makes it from an XState machine). */
  graph: ChartGraph;
  /** Ids of the states to highlight: the ones a live actor is in. */
  active?: ReadonlySet<string> | readonly string[];
  /** A name for the chart; the machine's id by default. */
  title?: string;
  /** Caps the chart's height (it scrolls both ways) and keeps the active state in view. */
  maxHeight?: string;
}

const COLORS = {
  box: '#1f1f1f',
  container: 'rgba(255, 255, 255, 0.03)',
  border: '#8c8c8c',
  text: '#ffffff',
  muted: '#b3b3b3',
  edge: '#9a9a9a',
  labelBackground: '#141414',
  active: '#e50914',
  activeBorder: '#ffffff',
};
const FONT = '"DejaVu Sans Mono", Menlo, Consolas, monospace';

const Scroller = styled('div', {
  overflow: 'auto',
  maxWidth: '100%',
  border: '1px solid $surfaceRaised',
  borderRadius: '$2',
  backgroundColor: '$background',
  '& svg': { display: 'block' },
});

const TextList = styled('details', {
  marginTop: '$2',
  color: '$textMuted',
  fontSize: '$1',
  '& summary': { cursor: 'pointer', color: '$text' },
  '& ul': { margin: '$1 0', paddingLeft: '$5' },
});

const pathOf = (points: { x: number; y: number }[]) => {
  if (points.length === 0) return '';
  let d = `M${points[0].x},${points[0].y}`;
  // Smoothed through the midpoints of dagre's bends; straight at both ends.
  for (let i = 1; i < points.length - 1; i++) {
    const mid = { x: (points[i].x + points[i + 1].x) / 2, y: (points[i].y + points[i + 1].y) / 2 };
    d += ` Q${points[i].x},${points[i].y} ${i === points.length - 2 ? `${points[i + 1].x},${points[i + 1].y}` : `${mid.x},${mid.y}`}`;
  }
  if (points.length === 2) d += ` L${points[1].x},${points[1].y}`;
  return d;
};

const loopPath = ([a, b, c, d]: { x: number; y: number }[]) =>
  `M${a.x},${a.y} C${b.x},${b.y} ${c.x},${c.y} ${d.x},${d.y}`;

function StateBox({ laid, active }: { laid: LaidOutState; active: boolean }) {
  const { x, y, width, height, lines, container, region, state } = laid;
  const left = x - width / 2;
  const top = y - height / 2;
  // A container's lines are written where dagre placed its header, at the top of its box.
  const textX = laid.header ? laid.header.x - laid.header.width / 2 + 8 : left + 8;
  const firstLine = (laid.header ? laid.header.y - laid.header.height / 2 : top + 8) + FONT_SIZE;
  const fill = container ? COLORS.container : active ? COLORS.active : COLORS.box;
  return (
    <g data-state={state.id} data-active={active || undefined}>
      <rect
        x={left}
        y={top}
        width={width}
        height={height}
        rx={container ? 10 : 6}
        fill={fill}
        stroke={active ? (container ? COLORS.active : COLORS.activeBorder) : COLORS.border}
        strokeWidth={active ? 2.5 : 1}
        strokeDasharray={region ? '6 4' : undefined}
      />
      {state.kind === 'final' && (
        <rect
          x={left + 3}
          y={top + 3}
          width={width - 6}
          height={height - 6}
          rx={4}
          fill="none"
          stroke={active ? COLORS.activeBorder : COLORS.border}
        />
      )}
      {lines.map((line, i) => (
        <text
          key={i}
          x={textX}
          y={firstLine + i * LINE_HEIGHT}
          fill={i === 0 ? COLORS.text : active && !container ? COLORS.text : COLORS.muted}
          fontWeight={i === 0 ? 700 : 400}
        >
          {line}
        </text>
      ))}
    </g>
  );
}

function Edge({ edge, marker }: { edge: LaidOutEdge; marker: string }) {
  return (
    <g>
      <path
        d={edge.loop ? loopPath(edge.points) : pathOf(edge.points)}
        fill="none"
        stroke={COLORS.edge}
        strokeWidth={1.25}
        markerEnd={`url(#${marker})`}
      />
      {edge.label && (
        <>
          <rect
            x={edge.label.x - edge.label.width / 2}
            y={edge.label.y - edge.label.height / 2}
            width={edge.label.width}
            height={edge.label.height}
            rx={3}
            fill={COLORS.labelBackground}
          />
          <text x={edge.label.x} y={edge.label.y + FONT_SIZE / 2 - 2} textAnchor="middle" fill={COLORS.muted}>
            {edge.transition.label}
          </text>
        </>
      )}
    </g>
  );
}

const KIND_TEXT: Record<ChartState['kind'], string> = {
  atomic: '',
  compound: '',
  parallel: ', parallel',
  final: ', final',
  history: ', history',
};

function StateList({
  state,
  graph,
  active,
}: {
  state: ChartState;
  graph: ChartGraph;
  active: (id: string) => boolean;
}) {
  const out = graph.transitions.filter((t) => t.source === state.id);
  return (
    <li>
      {state.key}
      {KIND_TEXT[state.kind]}
      {active(state.id) ? ' (active)' : ''}
      {state.initial ? `; starts in ${state.initial.slice(state.id.length + 1)}` : ''}
      {state.invokes.length > 0 ? `; invokes ${state.invokes.join(', ')}` : ''}
      {(out.length > 0 || state.internal.length > 0 || state.children.length > 0) && (
        <ul>
          {out.map((t, i) => (
            <li key={`t${i}`}>
              {t.label} → {t.target}
            </li>
          ))}
          {state.internal.map((label, i) => (
            <li key={`i${i}`}>{label} (stays)</li>
          ))}
          {state.children.map((child) => (
            <StateList key={child.id} state={child} graph={graph} active={active} />
          ))}
        </ul>
      )}
    </li>
  );
}

const EMPTY_LAYOUT: ChartLayout = { width: 0, height: 0, states: [], edges: [], initials: [] };

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const countStates = (s: ChartState): number => 1 + s.children.reduce((n, c) => n + countStates(c), 0);

/**
 * A machine's statechart: states as boxes (containers for nested and, dashed, parallel ones),
 * transitions as labelled arrows, the initial state marked by a dot, final states with a double
 * border, and the active states highlighted. Laid out by dagre; the same content is also given
 * as a text list for screen readers.
 */
export function MachineChart({ graph, active = [], title, maxHeight }: MachineChartProps) {
  const scroller = useRef<HTMLDivElement>(null);
  // A layout the library cannot make should not take the page (or the inspector drawer) down:
  // the text list below still describes the machine.
  const laidOut = useMemo(() => {
    try {
      return { chart: layoutChart(graph) };
    } catch (error) {
      return { chart: EMPTY_LAYOUT, error: error instanceof Error ? error.message : String(error) };
    }
  }, [graph]);
  const chart = laidOut.chart;
  const isActive = useMemo(() => {
    const set = new Set(active);
    return (id: string) => set.has(id);
  }, [active]);
  const id = useId();
  const name = title ?? graph.id;
  const activeLeaves = chart.states.filter((s) => !s.container && isActive(s.state.id)).map((s) => s.state.id);
  const description =
    `${plural(countStates(graph.root), 'state')} and ${plural(graph.transitions.length, 'transition')}.` +
    (activeLeaves.length ? ` Active: ${activeLeaves.join(', ')}.` : '');
  const followed = maxHeight ? chart.states.filter((s) => !s.container && isActive(s.state.id)).at(-1) : undefined;
  const scrolledTo = useRef('');
  useEffect(() => {
    // Brings the innermost active state into view when it changes or the chart first shows
    // (a hidden chart has no size), without moving the page.
    const el = scroller.current;
    if (!el || !followed || el.clientWidth === 0) return;
    const key = `${followed.state.id}@${el.clientWidth}x${el.clientHeight}`;
    if (scrolledTo.current === key) return;
    scrolledTo.current = key;
    el.scrollTo({ left: followed.x - el.clientWidth / 2, top: followed.y - el.clientHeight / 2 });
  });
  return (
    <div>
      {laidOut.error && <p role="alert">Could not lay out this chart: {laidOut.error}</p>}
      <Scroller
        hidden={Boolean(laidOut.error)}
        ref={scroller}
        role="region"
        aria-label={`${name} chart`}
        tabIndex={0}
        style={{ maxHeight }}
      >
        <svg
          width={chart.width}
          height={chart.height}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
          fontFamily={FONT}
          fontSize={FONT_SIZE}
        >
          <title id={`${id}-title`}>{`Statechart of ${name}`}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          <defs>
            <marker
              id={`${id}-arrow`}
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerWidth="7"
              markerHeight="7"
              orient="auto-start-reverse"
            >
              <path d="M0,0 L10,5 L0,10 z" fill={COLORS.edge} />
            </marker>
          </defs>
          {chart.states.map((laid) => (
            <StateBox key={laid.state.id} laid={laid} active={isActive(laid.state.id)} />
          ))}
          {chart.edges.map((edge, i) => (
            <Edge key={i} edge={edge} marker={`${id}-arrow`} />
          ))}
          {chart.initials.map((mark, i) => (
            <g key={i}>
              <circle cx={mark.x} cy={mark.y} r={4.5} fill={COLORS.text} />
              <path
                d={`M${mark.x},${mark.y} L${mark.x},${mark.toY}`}
                stroke={COLORS.text}
                markerEnd={`url(#${id}-arrow)`}
              />
            </g>
          ))}
        </svg>
      </Scroller>
      <TextList>
        <summary>States and transitions of {name}</summary>
        <ul>
          <StateList state={graph.root} graph={graph} active={isActive} />
        </ul>
      </TextList>
    </div>
  );
}
