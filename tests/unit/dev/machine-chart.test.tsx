import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { ChartState } from '../../../src/components/dev/chart-graph';
import { MachineChart } from '../../../src/components/dev/MachineChart';

const state = (id: string, children: ChartState[] = []): ChartState => ({
  id,
  key: id.split('.').pop()!,
  kind: children.length ? 'compound' : 'atomic',
  initial: children[0]?.id,
  invokes: [],
  internal: [],
  children,
});

describe('MachineChart', () => {
  it('draws the states with the active ones marked, and names them in its description', () => {
    const graph = {
      id: 'door',
      root: state('door', [state('door.open'), state('door.closed')]),
      transitions: [{ source: 'door.open', target: 'door.closed', kind: 'event' as const, label: 'close' }],
    };
    const { container } = render(<MachineChart graph={graph} active={new Set(['door', 'door.closed'])} />);
    expect(screen.getByRole('img', { name: 'Statechart of door' })).toHaveAccessibleDescription(
      '3 states and 1 transition. Active: door.closed.',
    );
    expect([...container.querySelectorAll('[data-active]')].map((g) => g.getAttribute('data-state'))).toEqual([
      'door',
      'door.closed',
    ]);
  });

  it('says so, and keeps the text list, when a chart cannot be laid out', () => {
    // A state nested in itself: dagre refuses the cycle.
    const graph = { id: 'odd', root: state('odd', [state('odd')]), transitions: [] };
    render(<MachineChart graph={graph} />);
    expect(screen.getByRole('alert')).toHaveTextContent(/Could not lay out this chart/);
    expect(screen.getByText('States and transitions of odd')).toBeInTheDocument();
  });
});
