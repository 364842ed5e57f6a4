/**
 * What the studio asks of the process that scans the folders and runs ingest: this process when
 * it runs alone, the cluster's primary otherwise (the workers relay through it). Everything else
 * the studio changes is a database write that any process makes itself (`app.library`).
 */
export interface LibraryControl {
  /** Queues a file's ingest again (a failed one, or one the operator wants made again). */
  retry(ingestKey: string): Promise<void>;
  /** Scans every library folder again now (after an upload lands, or at the operator's asking). */
  rescan(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The studio's commands to the library's scanning and ingest process. */
    libraryControl: LibraryControl;
  }
}

/**
 * Why a command was refused, for a route to answer as a 4xx: `not-found` (no such file),
 * `refused` (ingest would not take it: a full disk, a file gone), `unavailable` (no library
 * folders, or the process that scans could not be reached).
 */
export type LibraryControlErrorCode = 'not-found' | 'refused' | 'unavailable';

export class LibraryControlError extends Error {
  constructor(
    readonly code: LibraryControlErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** The scanner's part of the commands (server/library/library-scanner.ts). */
export interface ScannerCommands {
  retry(ingestKey: string): Promise<void>;
  rescan(folder: string): Promise<void>;
}

/** The commands run here: the single process, or the cluster's primary. */
export function createLibraryControl(scanner: ScannerCommands | null, folders: readonly string[]): LibraryControl {
  const noLibrary = () =>
    new LibraryControlError('unavailable', 'No library folders are set: start Marquee with MARQUEE_LIBRARY.');
  return {
    retry: (ingestKey) => (scanner ? scanner.retry(ingestKey) : Promise.reject(noLibrary())),
    async rescan() {
      if (!scanner) throw noLibrary();
      for (const folder of folders) await scanner.rescan(folder);
    },
  };
}
