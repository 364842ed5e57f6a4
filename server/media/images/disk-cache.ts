import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';

import { LRUCache } from 'lru-cache';

/**
 * The rendered images kept on disk, at most `maxBytes` of them: an index in memory (lru-cache,
 * sized by each file's bytes) remembers which were used last, and the least recently used file
 * is deleted when a new one would pass the cap. The index is rebuilt from the folder at start,
 * oldest file first, so a cap lowered since the last run is enforced at once.
 *
 * A cluster's workers share the folder, each with its own index and its share of the cap: a file
 * another worker deleted is simply drawn again when next asked for.
 */
export class ImageDiskCache {
  readonly #dir: string;
  readonly #index: LRUCache<string, number>;
  readonly #onError: (error: unknown, path: string) => void;
  /** Deletions of evicted files under way: a store or load resolves once its evictions are done. */
  readonly #removing = new Set<Promise<void>>();

  constructor(dir: string, maxBytes: number, onError: (error: unknown, path: string) => void = () => {}) {
    this.#dir = dir;
    this.#onError = onError;
    this.#index = new LRUCache<string, number>({
      maxSize: Math.max(1, maxBytes),
      sizeCalculation: (bytes) => Math.max(1, bytes),
      // Only an eviction deletes the file: a delete means it is gone already.
      dispose: (_bytes, key, reason) => {
        if (reason !== 'evict') return;
        const removal = this.#remove(key).finally(() => this.#removing.delete(removal));
        this.#removing.add(removal);
      },
    });
  }

  /** Indexes what an earlier run left, oldest first, and clears half-written temp files. */
  async load(): Promise<void> {
    let names: string[];
    try {
      names = await readdir(this.#dir, { recursive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    const files: Array<{ key: string; bytes: number; modified: number }> = [];
    for (const name of names) {
      const path = join(this.#dir, name);
      if (name.endsWith('.tmp')) {
        await rm(path, { force: true });
        continue;
      }
      const info = await stat(path).catch(() => null);
      if (info?.isFile()) files.push({ key: name.split(sep).join('/'), bytes: info.size, modified: info.mtimeMs });
    }
    files.sort((a, b) => a.modified - b.modified);
    for (const file of files) this.#index.set(file.key, file.bytes);
    await Promise.all(this.#removing);
  }

  /** The image at `key` (`{size}/{file}`), or null when it is not on disk. */
  async read(key: string): Promise<Buffer | null> {
    try {
      const image = await readFile(this.#path(key));
      // Another worker may have written it: index it, which also marks it most recently used.
      if (this.#index.get(key) === undefined) this.#index.set(key, image.length);
      return image;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#index.delete(key);
      return null;
    }
  }

  /** Write-then-rename: a crash mid-write leaves a stray temp file, never half an image. */
  async store(key: string, image: Buffer): Promise<void> {
    const path = this.#path(key);
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, image);
      await rename(temp, path);
      this.#index.set(key, image.length);
      // An image bigger than the whole cap is not indexed: it is not kept either.
      if (!this.#index.has(key)) await rm(path, { force: true });
      await Promise.all(this.#removing);
    } catch (error) {
      // A cache that cannot be written costs a re-render next time, not this response.
      await rm(temp, { force: true });
      this.#onError(error, path);
    }
  }

  /** Bytes indexed, and files. */
  get usage() {
    return { bytes: this.#index.calculatedSize, files: this.#index.size };
  }

  #path(key: string): string {
    const path = join(this.#dir, key);
    // Keys are built from validated names; this only guards against a future caller's mistake.
    if (relative(this.#dir, path).startsWith('..')) throw new Error(`not a cache key: ${key}`);
    return path;
  }

  async #remove(key: string) {
    await rm(this.#path(key), { force: true }).catch((error: unknown) => this.#onError(error, key));
  }
}
