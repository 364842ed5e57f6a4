/**
 * A limit counted per key (an e-mail, a client address) in the database, so that every worker
 * of a cluster counts against the same one (docs/decisions.md, "Shared state across workers").
 */
export interface WindowedLimit {
  /** Keeps this limit's counts apart from the others' in the same table. */
  scope: string;
  /** How many a key may have within a window. */
  limit: number;
  windowMs: number;
  /** The clock; Date.now by default. */
  now?: () => number;
}
