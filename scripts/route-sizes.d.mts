export interface Route {
  name: string;
  path: string;
  signedIn: boolean;
  /** A document of its own, counted in the first load (its CSS is inline): the landing document. */
  document?: string;
  /** Manifest keys of the lazy chunks the route renders at once. */
  lazy: string[];
  budgetKb: number;
}

export interface FileSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface RouteSize extends Route {
  files: FileSize[];
  /** gzip bytes */
  html: number;
  js: number;
  css: number;
  total: number;
  budget: number;
  afterRender: number;
}

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export declare const ROUTES: Route[];
export declare const APP_ENTRY: string;
export declare function documentFiles(html: string): string[];
export declare function manifestPath(distDir?: string): string;
export declare function readManifest(distDir?: string): Manifest;
export declare function routeSizes(manifest?: Manifest, distDir?: string, routes?: Route[]): RouteSize[];
export declare function staleSignedInChunks(
  manifest?: Manifest,
  chunks?: { routes: string; signedOutRoutes?: string; screens: Record<string, string[]> },
): string[];
export declare function kb(bytes: number): string;
export declare function formatRouteSizes(sizes: RouteSize[]): string;
