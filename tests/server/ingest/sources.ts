import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll } from 'vitest';

import { createIngest, type Ingest, type IngestOptions } from '../../../server/ingest/ingest.ts';
import { openDatabase } from '../../../server/plugins/database.ts';

/** Runs ffmpeg to make a test source (small, fast: ultrafast, low resolution, seconds long). */
export function ffmpeg(args: string[], cwd?: string): void {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args], { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg ${args.join(' ')} failed: ${result.stderr}`);
}

export function ffprobeJson(
  path: string,
  extra: string[] = [],
): {
  streams: Array<Record<string, unknown>>;
  format: Record<string, unknown>;
} {
  const result = spawnSync('ffprobe', ['-v', 'error', '-of', 'json', '-show_streams', '-show_format', ...extra, path], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ffprobe ${path} failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

const folders: string[] = [];
const engines: Ingest[] = [];
afterAll(async () => {
  for (const engine of engines) await engine.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

export function tempFolder(prefix = 'marquee-ingest-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** An ingest engine on a fresh (or the given) data folder; closed after the file's tests. */
export function engine(options: Partial<IngestOptions> & { dataDir?: string } = {}) {
  const dataDir = options.dataDir ?? tempFolder('marquee-ingest-data-');
  const db = options.db ?? openDatabase(dataDir);
  const ingest = createIngest({
    reserveBytes: 0,
    preset: 'ultrafast',
    priority: { nice: 0, threads: 2 },
    ...options,
    db,
    dataDir,
  });
  engines.push(ingest);
  return { ingest, db, dataDir };
}

/** `KEY=value,KEY="quoted, value"` → a record. */
export function attributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [, key, quoted, bare] of list.matchAll(/([A-Z0-9-]+)=(?:"([^"]*)"|([^,]*))/g)) out[key!] = quoted ?? bare!;
  return out;
}

export function parseMaster(path: string) {
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  const media = lines.filter((l) => l.startsWith('#EXT-X-MEDIA:')).map((l) => attributes(l.slice(13)));
  const variants: Array<Record<string, string> & { uri: string }> = [];
  lines.forEach((line, i) => {
    if (line.startsWith('#EXT-X-STREAM-INF:')) variants.push({ ...attributes(line.slice(18)), uri: lines[i + 1]! });
  });
  return { media, variants };
}

export function parseMedia(path: string) {
  const text = readFileSync(path, 'utf8');
  const lines = text.split('\n');
  const durations = lines.filter((l) => l.startsWith('#EXTINF:')).map((l) => Number.parseFloat(l.slice(8)));
  return {
    text,
    durations,
    type: /#EXT-X-PLAYLIST-TYPE:(\w+)/.exec(text)?.[1],
    ended: text.includes('#EXT-X-ENDLIST'),
  };
}
