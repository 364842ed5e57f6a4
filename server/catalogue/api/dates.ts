/** The later of two YYYY-MM-DD dates, either of which may be missing. */
export const laterOf = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a > b ? a : b;
/** The earlier of two YYYY-MM-DD dates, either of which may be missing. */
export const earlierOf = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a < b ? a : b;
/** A YYYY-MM-DD date moved by whole days. */
export const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
