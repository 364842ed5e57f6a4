import type { LibraryOverview } from '../../../shared/library/library-overview.schema';
import type { Marker } from '../../../shared/media/markers';
import type { CatalogueChoice, FactsCorrection, Operator, StudioItem } from '../../../shared/studio/studio.schema';

export type { CatalogueChoice, FactsCorrection, LibraryOverview, Marker, Operator, StudioItem };

/** What an upload in progress reports, until it ends. */
export interface UploadListener {
  onProgress(sent: number, total: number): void;
  onSuccess(): void;
  onError(message: string): void;
}

/** One upload's transfer: `stop()` pauses it; starting the same file again resumes where it stopped. */
export interface UploadTransfer {
  stop(): void;
}

/** The studio's calls on the embedded server's /api/studio (operators only). */
export interface StudioService {
  overview(): Promise<LibraryOverview>;
  item(key: number): Promise<StudioItem>;
  retry(fileKey: number): Promise<void>;
  rescan(): Promise<void>;
  searchCatalogue(query: string, mediaType: 'movie' | 'tv'): Promise<CatalogueChoice[]>;
  correctMatch(key: number, catalogueId: number | null): Promise<StudioItem>;
  correctFacts(key: number, facts: FactsCorrection): Promise<StudioItem>;
  setPublished(key: number, published: boolean): Promise<StudioItem>;
  setMarkers(fileKey: number, markers: Marker[]): Promise<Marker[]>;
  operators(): Promise<Operator[]>;
  grant(email: string): Promise<Operator[]>;
  revoke(uid: string): Promise<Operator[]>;
  /** Starts (or resumes) sending a file with the tus protocol. */
  upload(file: File, listener: UploadListener): UploadTransfer;
}
