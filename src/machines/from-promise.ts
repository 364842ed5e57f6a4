import type { EventObject, NonReducibleUnknown, PromiseActorLogic } from 'xstate';
import { fromPromise as xstateFromPromise } from 'xstate';

type PromiseCreator<TOutput, TInput, TEmitted extends EventObject> = Parameters<
  typeof xstateFromPromise<TOutput, TInput, TEmitted>
>[0];

/**
 * What a run whose actor was stopped settles into: nothing, ever. A fresh promise each time, which
 * nothing holds once the run is dropped; one shared promise would keep every dropped run's
 * reactions (and the actor they reach) for good.
 */
const stale = (): Promise<never> => new Promise<never>(() => {});

/**
 * xstate's fromPromise, except that a run whose actor was stopped (its signal aborted) never
 * settles into the actor. Under React's StrictMode, @xstate/react stops a machine and starts it
 * again from its snapshot (stopRootWithRehydration): a promise actor restored as active runs its
 * promise afresh, and xstate (5.33) checks only that the actor is active when the first run's
 * answer arrives, so that run's AbortError was taken as the new run's failure: every row of home
 * said "signal is aborted without reason" in `npm run dev`. Machines import this one (lint).
 */
export function fromPromise<TOutput, TInput = NonReducibleUnknown, TEmitted extends EventObject = EventObject>(
  creator: PromiseCreator<TOutput, TInput, TEmitted>,
): PromiseActorLogic<TOutput, TInput, TEmitted> {
  return xstateFromPromise<TOutput, TInput, TEmitted>(async (args) => {
    try {
      const output = await creator(args);
      return args.signal.aborted ? stale() : output;
    } catch (error) {
      if (args.signal.aborted) return stale();
      throw error;
    }
  });
}
