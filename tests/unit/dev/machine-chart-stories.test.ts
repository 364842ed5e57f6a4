import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';

// Every machine exported by a src/machines/**/*.machine.ts file must have its chart story in
// stories/machines/ (`export const Chart = chartStory(fooMachine)`, which records the machine
// in the story's parameters). Both sides are loaded, not grepped, so a renamed export or a
// story that charts another machine is caught too.
const machineModules = import.meta.glob<Record<string, unknown>>('../../../src/machines/**/*.machine.ts', {
  eager: true,
});
const storyModules = import.meta.glob<Record<string, unknown>>('../../../stories/machines/*.stories.tsx', {
  eager: true,
});

const charted = new Set(
  Object.values(storyModules).flatMap((module) =>
    Object.entries(module)
      .filter(([name]) => name !== 'default')
      .map(([, story]) => (story as { parameters?: { machine?: unknown } }).parameters?.machine)
      .filter(Boolean),
  ),
);

const machines = Object.entries(machineModules).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([, value]) => value instanceof StateMachine)
    .map(([name]) => ({ file: file.replace(/^(\.\.\/)+/, ''), name, machine: module[name] })),
);

describe('machine chart stories', () => {
  it('finds the machines', () => {
    expect(Object.keys(machineModules).length).toBeGreaterThan(0);
    expect(machines.length).toBeGreaterThanOrEqual(Object.keys(machineModules).length);
  });

  it.each(machines.map((m) => [`${m.file}: ${m.name}`, m.machine] as const))('%s has a chart story', (_, machine) => {
    expect(charted.has(machine), 'add stories/machines/<Name>.stories.tsx with chartStory(machine)').toBe(true);
  });
});
