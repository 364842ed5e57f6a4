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
