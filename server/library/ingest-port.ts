/**
 * What the library needs of the ingest engine (server/ingest), and nothing more: the library
 * finds and names the files, ingest turns each into a programme. Tests and a server without the
 * engine use a fake.
 */

export interface ExternalSubtitle {
  path: string;
  /** ISO 639-1 where known ("en"); null when the file name gives none. */
  language: string | null;
}

export interface IngestRequest {
  /** The library's name for the programme: stays the same across a rename of its file. */
  key: string;
  sourcePath: string;
  externalSubtitles?: ExternalSubtitle[];
}

export interface IngestProgress {
  key: string;
  state: string;
  percent?: number;
  [detail: string]: unknown;
}

export interface IngestStatus {
  state: string;
  percent?: number;
  [detail: string]: unknown;
}

export interface LibraryIngest {
  /** Queues (or re-queues, when the source changed) a file; returns the job's id. */
  enqueue(request: IngestRequest): string | Promise<string>;
  /** The source is gone: unpublish the programme and delete its outputs. */
  remove(key: string): void | Promise<void>;
  status(key: string): IngestStatus | null | Promise<IngestStatus | null>;
  /** Progress events; returns the function that stops listening. */
  onProgress?(listener: (progress: IngestProgress) => void): () => void;
}

/** The port when no ingest engine is wired: files are found and named, nothing is transcoded. */
export const noIngest: LibraryIngest = {
  enqueue: (request) => `none:${request.key}`,
  remove: () => {},
  status: () => null,
};

/** The name ingest knows a library file's programme by: the file's key, which a rename keeps. */
export const ingestKeyOf = (fileKey: number) => `library-${fileKey}`;
export const fileKeyOf = (ingestKey: string): number | null => {
  const match = /^library-(\d+)$/.exec(ingestKey);
  return match ? Number(match[1]) : null;
};
