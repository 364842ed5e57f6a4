import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

const actorId = (event: InspectionEvent) => (event.actorRef as { id?: string }).id ?? 'anonymous actor';

/**
 * The XState inspector, for development only: `?inspect` opens Stately's inspector (it needs
 * the internet), `?inspect=log` logs every machine's events and state changes to the console,
 * and `?inspect=chart` opens a side drawer charting every live machine (both work offline).
 * main.tsx imports this only when import.meta.env.DEV, so production builds contain none of it
 * (scripts/check-no-dev-tools.mjs checks).
 */
export async function createInspector(search: string): Promise<Inspect | undefined> {
  const mode = new URLSearchParams(search).get('inspect');
  if (mode === null) return undefined;
  if (mode === 'log') {
    return (event) => {
      if (event.type === '@xstate.event') console.debug('[xstate] event', actorId(event), event.event);
      if (event.type === '@xstate.snapshot') {
        console.debug('[xstate] state', actorId(event), (event.snapshot as { value?: unknown }).value);
      }
    };
  }
  if (mode === 'chart') {
    const { createChartInspector } = await import('./chart-inspector');
    return createChartInspector();
  }
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
