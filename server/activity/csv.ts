/**
 * Writing CSV (RFC 4180). Not a library: none is installed, and writing needs only quoting, which
 * these few lines do; reading CSV would be a different matter.
 */

// A spreadsheet runs a cell that starts with one of these as a formula (OWASP's "CSV injection").
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field: quoted when it holds a comma, a quote or a line break (quotes doubled); a formula start defused with a leading '. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, each line ended by CRLF as RFC 4180 says. */
export const csvText = (rows: readonly (readonly string[])[]): string =>
  rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('');
