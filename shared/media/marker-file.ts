import type { Marker, MarkerKind } from './markers.ts';

// A programme's markers.json: `{ "markers": [{ "kind", "start", "end" }, …] }`, as media:build
// writes it. Apart from markers.ts so that the player loads this reader only with the file.

const KINDS: readonly string[] = ['intro', 'recap', 'credits'] satisfies MarkerKind[];

/**
 * The markers of a programme's markers.json: each well-formed entry (a known kind, 0 ≤ start <
 * end), in order of start; anything else is left out. By hand rather than a schema validator, to
 * keep one out of the player's first load for three fields.
 */
export function parseMarkers(json: unknown): Marker[] {
  const list = json !== null && typeof json === 'object' && 'markers' in json ? json.markers : null;
  if (!Array.isArray(list)) return [];
  return list
    .filter(
      (m): m is Marker =>
        m !== null &&
        typeof m === 'object' &&
        KINDS.includes(m.kind) &&
        Number.isFinite(m.start) &&
        Number.isFinite(m.end) &&
        m.start >= 0 &&
        m.end > m.start,
    )
    .map(({ kind, start, end }) => ({ kind, start, end }))
    .sort((a, b) => a.start - b.start);
}
