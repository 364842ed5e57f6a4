import type { FirestoreServer } from '@firestore-emulator/server';
export interface PolicyRequest {
  uid: string | null;
  op: 'read' | 'write';
  path: string;
}
export declare function enforcePolicy(
  server: FirestoreServer,
  policy: (request: PolicyRequest) => boolean,
): FirestoreServer;
export declare function marqueePolicy(request: PolicyRequest): boolean;
