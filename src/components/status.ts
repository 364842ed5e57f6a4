/**
 * The one loading/error convention for components (docs/conventions.md): a `status` prop names
 * what the part is doing, and an `error` prop carries the words shown while it is 'error'.
 */

/** Something read to be shown (a row, a page, a history): loading, shown, or why not. */
export type LoadStatus = 'loading' | 'ready' | 'error';

/** A change the person sends from a form or a button: nothing under way, under way, or why it failed. */
export type SendStatus = 'idle' | 'busy' | 'error';

/** A sending part's status from a machine's busy tag and its error. */
export function sendStatus(busy: boolean, error: string | null | undefined): SendStatus {
  if (busy) return 'busy';
  return error ? 'error' : 'idle';
}
