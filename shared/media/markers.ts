/**
 * Chapters and skip markers of a programme, in one shape for the server (ingest, the library)
 * and the player. Times are seconds from the programme's start.
 */
export interface Chapter {
  start: number;
  end: number;
  title: string;
}

export type MarkerKind = 'intro' | 'recap' | 'credits';

export interface Marker {
  kind: MarkerKind;
  start: number;
  end: number;
}

// Chapter names that mean a marker, in the words rippers, Jellyfin's intro skipper and
// MakeMKV/mkvmerge users commonly give them.
const NAMED: ReadonlyArray<[MarkerKind, RegExp]> = [
  ['recap', /\b(recap|previously)\b/i],
  ['intro', /\b(intro|opening|opening credits|title sequence|theme)\b/i],
  ['credits', /\b(credits|end credits|closing credits|outro|ending)\b/i],
];

/** The marker a chapter's title names, if any ("Opening credits" is an intro, "End Credits" credits). */
export function markerKindOf(title: string): MarkerKind | null {
  if (/\bopening\b/i.test(title)) return 'intro';
  for (const [kind, pattern] of NAMED) if (pattern.test(title)) return kind;
  return null;
}

/** Markers from chapters named so, in order; a chapter of no more than zero length is ignored. */
export function markersFromChapters(chapters: readonly Chapter[]): Marker[] {
  const markers: Marker[] = [];
  for (const chapter of chapters) {
    const kind = markerKindOf(chapter.title);
    if (kind && chapter.end > chapter.start) markers.push({ kind, start: chapter.start, end: chapter.end });
  }
  return markers;
}

/** The marker playing at `time` (its start included, its end not), or null. */
export function markerAt(markers: readonly Marker[], time: number): Marker | null {
  return markers.find((marker) => time >= marker.start && time < marker.end) ?? null;
}

/** The credits marker's start, or null (then the last seconds bring the end screen). */
export function creditsOf(markers: readonly Marker[]): number | null {
  return markers.find((marker) => marker.kind === 'credits')?.start ?? null;
}
