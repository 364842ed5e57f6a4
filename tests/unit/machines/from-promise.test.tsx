import { render, screen } from '@testing-library/react';
import { useActorRef, useSelector } from '@xstate/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { assign, createActor, setup } from 'xstate';

import { fromPromise } from '../../../src/machines/from-promise';

/** A request that answers after a tick, or fails with its signal's reason once aborted, as fetch does. */
let runs = 0;
const fetchLike = fromPromise<string>(({ signal }) => {
  const run = ++runs;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(`answer ${run}`), 10);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
});

const loader = setup({ actors: { fetchLike } }).createMachine({
  context: { result: '' },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchLike',
        onDone: { target: 'loaded', actions: assign({ result: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ result: ({ event }) => String(event.error) }) },
      },
    },
    loaded: {},
    failed: {},
  },
});

function Loader() {
  const actor = useActorRef(loader);
  const state = useSelector(actor, (s) => `${String(s.value)}: ${s.context.result}`);
  return <p>{state}</p>;
}

describe('fromPromise', () => {
  it("a machine restarted from its snapshot (React's StrictMode) takes the new run's answer, not the aborted run's failure", async () => {
    runs = 0;
    render(
      <StrictMode>
        <Loader />
      </StrictMode>,
    );
    expect(await screen.findByText(/^loaded: answer \d$/)).toBeInTheDocument();
    expect(runs).toBe(2);
  });

  it('still reports a failure, and an answer, of a run whose actor is running', async () => {
    const failing = fromPromise<string>(() => Promise.reject(new Error('The catalogue answered 500.')));
    const failed = createActor(loader.provide({ actors: { fetchLike: failing } })).start();
    await new Promise((resolve) => failed.subscribe((s) => s.value === 'failed' && resolve(s)));
    expect(failed.getSnapshot().context.result).toBe('Error: The catalogue answered 500.');

    const answered = createActor(loader).start();
    await new Promise((resolve) => answered.subscribe((s) => s.value === 'loaded' && resolve(s)));
    expect(answered.getSnapshot().context.result).toMatch(/^answer \d+$/);
  });
});
