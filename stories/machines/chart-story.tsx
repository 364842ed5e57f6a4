import type { StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { AnyStateMachine } from 'xstate';

import type { ChartState } from '../../src/components/dev/chart-graph';
import { MachineChart } from '../../src/components/dev/MachineChart';
import { machineGraph } from '../../src/dev/machine-graph';

const allStates = (state: ChartState): ChartState[] => [state, ...state.children.flatMap(allStates)];

/**
 * The chart story of one machine: `export const Chart = chartStory(fooMachine);` in
 * stories/machines/Foo.stories.tsx (title "Machines/Foo"). The chart only reads the machine's
 * definition, so no services are needed. tests/unit/dev/machine-chart-stories.test.ts checks
 * that every machine in src/machines has one, through `parameters.machine`.
 */
export function chartStory(machine: AnyStateMachine): StoryObj {
  const graph = machineGraph(machine);
  return {
    parameters: { machine },
    render: () => (
      <main style={{ padding: 16 }}>
        <h1 style={{ fontSize: 20, margin: '0 0 12px' }}>The {graph.id} machine</h1>
        <MachineChart graph={graph} />
      </main>
    ),
    play: async ({ canvasElement }) => {
      const canvas = within(canvasElement);
      await expect(canvas.getByRole('img', { name: new RegExp(`Statechart of ${graph.id}`) })).toBeInTheDocument();
      // Every state is drawn, and named in the text list.
      const drawn = [...canvasElement.querySelectorAll('[data-state]')].map((g) => g.getAttribute('data-state'));
      await expect(drawn.sort()).toEqual(
        allStates(graph.root)
          .map((s) => s.id)
          .sort(),
      );
    },
  };
}
