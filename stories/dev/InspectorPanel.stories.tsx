import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';

import { type InspectedActor, InspectorPanel } from '../../src/components/dev/InspectorPanel';
import { activeStateIds, machineGraph } from '../../src/dev/machine-graph';
import { searchMachine } from '../../src/machines/browse/search.machine';
import { topBarMachine } from '../../src/machines/browse/top-bar.machine';

const actors: InspectedActor[] = [
  {
    key: 'x:1',
    name: 'search',
    graph: machineGraph(searchMachine),
    active: activeStateIds('search', { active: 'ready' }),
    state: 'active.ready',
    lastEvent: 'xstate.done.actor.0.search.active.searching',
    status: 'active',
  },
  {
    key: 'x:2',
    name: 'topBar (x:2)',
    graph: machineGraph(topBarMachine),
    active: activeStateIds('topBar', 'solid'),
    state: 'solid',
    status: 'active',
  },
];

function Stateful({ initiallyOpen }: { initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <main style={{ minHeight: 600, padding: 16 }}>
      <h1 style={{ fontSize: 20 }}>A page being inspected</h1>
      <InspectorPanel actors={actors} open={open} onOpenChange={setOpen} />
    </main>
  );
}

const meta = {
  title: 'Dev/InspectorPanel',
  component: Stateful,
  args: { initiallyOpen: false },
} satisfies Meta<typeof Stateful>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OpenAndClose: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const toggle = canvas.getByRole('button', { name: 'Machines (2)' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.queryByRole('complementary')).toBeNull();

    await userEvent.click(toggle);
    const drawer = canvas.getByRole('complementary', { name: 'Live machines' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('button', { name: 'Close' })).toHaveFocus();
    // The first actor is shown with its current states highlighted; the others are one click away.
    await expect(within(drawer).getByRole('img', { name: 'Statechart of search' })).toBeVisible();
    await expect(drawer.querySelector('[data-state="search.active.ready"][data-active]')).not.toBeNull();

    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('complementary')).toBeNull();
    await expect(toggle).toHaveFocus();

    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('complementary')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Close' }));
    await expect(canvas.queryByRole('complementary')).toBeNull();
  },
};

export const Open: Story = {
  args: { initiallyOpen: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByText('topBar (x:2)'));
    await expect(canvas.getByRole('img', { name: 'Statechart of topBar (x:2)' })).toBeVisible();
  },
};
