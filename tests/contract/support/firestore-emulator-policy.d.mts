import type { FirestoreServer } from '@firestore-emulator/server';
export interface PolicyRequest {
  uid: string | null;
  op: 'read' | 'write';
  path: string;
  /** For writes: the document's fields before and after (null when absent or deleted). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** For writes: the fields set to the server's time. */
  serverTime?: string[];
  /** For writes: whether a document exists before the write. */
  exists?: (path: string) => boolean;
}
export declare function enforcePolicy(
  server: FirestoreServer,
  policy: (request: PolicyRequest) => boolean,
): FirestoreServer;
export declare function marqueePolicy(request: PolicyRequest): boolean;
