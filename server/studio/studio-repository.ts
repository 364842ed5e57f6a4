import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import type { Marker } from '../../shared/media/markers.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

/**
 * What the studio itself stores (migration 017): whether a film or series is shown to viewers,
 * and the markers an operator set for a file. Matches and facts are the library's
 * (`app.library.correctMatch`, `correctFacts`).
 */
export function createStudioRepository(db: Database) {
  const setPublished = db.prepare(
    // Its time moves too: the viewers' catalogue (library-catalogue.ts) sees a change by it.
    "UPDATE library_items SET published = ?, updated_at = ? WHERE key = ? AND kind IN ('movie', 'series')",
  );
  const markersOf = db.prepare<[number], Marker>(
    'SELECT kind, start, "end" FROM library_markers WHERE file_key = ? ORDER BY start',
  );
  const clearMarkers = db.prepare('DELETE FROM library_markers WHERE file_key = ?');
  const addMarker = db.prepare('INSERT INTO library_markers (file_key, kind, start, "end") VALUES (?, ?, ?, ?)');

  return {
    /** Shows or hides a film or series; false when there is no such film or series. */
    setPublished(itemKey: number, published: boolean): Promise<boolean> {
      return inWriteTurn(db, () => runWrite(setPublished, published ? 1 : 0, Date.now(), itemKey).changes === 1);
    },
    /** The operator's markers for a file, in order; empty when none were set. */
    markers(fileKey: number): Marker[] {
      return markersOf.all(fileKey);
    },
    /** Replaces a file's markers with these (none: the file's chapters' markers count again). */
    setMarkers(fileKey: number, markers: readonly Marker[]): Promise<void> {
      return inWriteTurn(db, () => {
        runWrite(clearMarkers, fileKey);
        for (const marker of markers) runWrite(addMarker, fileKey, marker.kind, marker.start, marker.end);
      });
    },
  };
}

export type StudioRepository = ReturnType<typeof createStudioRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    studio: StudioRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate('studio', createStudioRepository(app.db));
  },
  { name: 'studio', dependencies: ['database'] },
);
