import { useEffect, useId, useRef } from 'react';

import { Button } from '../Button';
import { styled } from '../stitches.config';
import type { ChartGraph } from './chart-graph';
import { MachineChart } from './MachineChart';

/** The panel's element id; the production build check looks for it (scripts/check-no-dev-tools.mjs). */
export const INSPECTOR_PANEL_ID = 'marquee-machine-inspector';

export interface InspectedActor {
  /** Stable while the actor lives (its session id). */
  key: string;
  /** What to call it: the machine's id and the actor's. */
  name: string;
  graph: ChartGraph;
  /** The ids of the states it is in. */
  active: readonly string[];
  /** Its state value, written out (`ready.signedIn.active`). */
  state: string;
  /** The type of the last event it received, if any. */
  lastEvent?: string;
  /** `active`, `done` or `error`. */
  status: string;
}

export interface InspectorPanelProps {
  actors: readonly InspectedActor[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const Toggle = styled(Button, {
  position: 'fixed',
  right: '$3',
  bottom: '$3',
  zIndex: 1001,
  boxShadow: '0 2px 8px rgba(0, 0, 0, 0.6)',
});

const Drawer = styled('aside', {
  position: 'fixed',
  top: 0,
  right: 0,
  bottom: 0,
  zIndex: 1000,
  width: 'min(760px, 100vw)',
  overflow: 'auto',
  padding: '$4',
  paddingBottom: '$8',
  backgroundColor: '$surface',
  borderLeft: '1px solid $surfaceRaised',
  boxShadow: '-4px 0 16px rgba(0, 0, 0, 0.6)',
  color: '$text',
  fontSize: '$1',
  '& h2': { fontSize: '$3', margin: 0 },
});

const Header = styled('div', {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '$3',
  marginBottom: '$3',
});

const Actor = styled('details', {
  borderTop: '1px solid $surfaceRaised',
  padding: '$2 0',
  '& > summary': { cursor: 'pointer', padding: '$1 0', fontSize: '$2' },
});

const Muted = styled('span', { color: '$textMuted', fontSize: '$1' });

/**
 * Development only: a side drawer listing the live machine actors, each with its chart and
 * its current states highlighted. A fixed button opens and closes it; Escape closes it too.
 */
export function InspectorPanel({ actors, open, onOpenChange }: InspectorPanelProps) {
  const headingId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(open);
  useEffect(() => {
    // Focus follows the drawer: into it when it opens, back to the toggle when it closes.
    if (open && !wasOpen.current) closeRef.current?.focus();
    if (!open && wasOpen.current) toggleRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  return (
    <>
      <Toggle
        ref={toggleRef}
        tone="light"
        size="sm"
        aria-expanded={open}
        aria-controls={INSPECTOR_PANEL_ID}
        onClick={() => onOpenChange(!open)}
      >
        Machines ({actors.length})
      </Toggle>
      <Drawer
        id={INSPECTOR_PANEL_ID}
        aria-labelledby={headingId}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onOpenChange(false);
        }}
      >
        <Header>
          <h2 id={headingId}>Live machines</h2>
          <Button ref={closeRef} tone="secondary" size="sm" onClick={() => onOpenChange(false)}>
            Close
          </Button>
        </Header>
        {actors.length === 0 && <p>No machine is running.</p>}
        {actors.map((actor, index) => (
          <Actor key={actor.key} open={index === 0 || undefined}>
            <summary>
              {actor.name} <Muted>{actor.status === 'active' ? actor.state : `${actor.state} (${actor.status})`}</Muted>
            </summary>
            <p>
              <Muted>Last event: {actor.lastEvent ?? 'none yet'}</Muted>
            </p>
            <MachineChart graph={actor.graph} active={actor.active} title={actor.name} maxHeight="70vh" />
          </Actor>
        ))}
      </Drawer>
    </>
  );
}
