import type { EventObject } from 'xstate';

/** What to show a person for a failed effect: the Error's message (services phrase them for people). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Why an invoked effect failed, from its error event, as `context.error`: every machine's one
 * named action for it is `rememberError: assign(failureOf)`.
 */
export const failureOf = ({ event }: { event: EventObject }): { error: string } => ({
  error: errorMessage((event as EventObject & { error?: unknown }).error),
});
