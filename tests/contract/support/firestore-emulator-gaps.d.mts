import type { FirestoreServer } from '@firestore-emulator/server';
export declare function fillFirestoreEmulatorGaps(
  server: FirestoreServer,
  options?: { leaveOpen?: string[] },
): FirestoreServer;
export declare function startOnLoopback(server: FirestoreServer, port?: number): Promise<number>;
