import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the server reads of a chunk in Vite's build manifest (`build.manifest` in vite.config.ts). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/**
 * The studio's modules that the build makes chunks of their own: its screen, which the signed-in
 * routes import lazily (src/screens/SignedInRoutes.tsx), and its service with tus-js-client, which
 * `loadStudioService()` (src/services/services.ts) imports lazily from the app's own chunk.
 */
const STUDIO_SOURCES = /^src\/(?:screens|services|machines|components)\/studio\//;

/** The chunks `key` can load, static and lazy, without passing through a studio module's chunk. */
function reachable(manifest: Manifest, key: string, into: Set<string>, stopAtStudio = false): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(key) || (stopAtStudio && STUDIO_SOURCES.test(key))) return into;
  into.add(key);
  for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) {
    reachable(manifest, next, into, stopAtStudio);
  }
  return into;
}

/** The built files (under the build's root, `assets/…`) of some chunks: scripts, styles, other assets. */
function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key]!;
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return files;
}

/**
 * The built files that only the studio loads: its modules' chunks and what they alone import (its
 * machines, components, tus-js-client), with their styles and source maps. A file the rest of the
 * app loads too (the framework, shared components) is not among them.
 */
export function studioOnlyFiles(manifest: Manifest): Set<string> {
  const studio = new Set<string>();
  const app = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (STUDIO_SOURCES.test(key)) reachable(manifest, key, studio);
    if (chunk.isEntry) reachable(manifest, key, app, true);
  }
  const shared = filesOf(manifest, app);
  const only = new Set<string>();
  for (const file of filesOf(manifest, studio)) {
    if (shared.has(file)) continue;
    only.add(file);
    only.add(`${file}.map`);
  }
  return only;
}

/** The studio's own files in a client build (`<webRoot>/.vite/manifest.json`); none without a manifest. */
export function readStudioOnlyFiles(webRoot: string): Set<string> {
  const manifestFile = join(webRoot, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return new Set();
  return studioOnlyFiles(JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest);
}
