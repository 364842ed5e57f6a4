import type { Ingest } from '../ingest/ingest.ts';
import type { LibraryIngest } from './ingest-port.ts';
import { ingestKeyOf } from './ingest-port.ts';
import type { ScannerCommands } from './library-control.ts';
import type { LibraryRepository } from './library-repository.ts';

/**
 * The ingest engine (server/ingest) as the library's port: the one process that scans runs it,
 * and its progress events reach the library's files.
 */
export function libraryIngestOf(ingest: Ingest): LibraryIngest {
  return {
    enqueue: async (request) =>
      String(
        await ingest.enqueue({
          key: request.key,
          sourcePath: request.sourcePath,
          externalSubtitles: (request.externalSubtitles ?? []).map((s) => ({
            path: s.path,
            language: s.language ?? 'und',
          })),
        }),
      ),
    remove: (key) => ingest.remove(key),
    status: (key) => {
      const status = ingest.status(key);
      return status && { ...status };
    },
    onProgress: (listener) => ingest.subscribe(listener),
  };
}

/**
 * Hands ingest every present file it has no job for: files found while no engine was wired (a
 * library scanned before ingest ran here), or whose job row was lost. Run once the first scan is done.
 */
export async function ingestMissing(
  repository: LibraryRepository,
  ingest: LibraryIngest,
  scanner: ScannerCommands,
  warn: (message: string) => void,
): Promise<void> {
  for (const file of repository.files()) {
    if (file.state !== 'present') continue;
    const key = ingestKeyOf(file.key);
    if ((await ingest.status(key)) !== null) continue;
    await scanner.retry(key).catch((error: unknown) => warn(`library: ${key}: ${(error as Error).message}`));
  }
}
