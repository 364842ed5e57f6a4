export declare const FIREBASE_TOOLS_VERSION: string;
export declare function firebaseToolsDir(version?: string): string;
export declare function firebaseToolsInstalled(dir: string, version?: string): boolean;
export declare function ensureFirebaseTools(options?: {
  dir?: string;
  version?: string;
  timeoutMs?: number;
}): Promise<string>;
