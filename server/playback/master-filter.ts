/**
 * A master playlist cut to a plan's resolution: the variant streams (and I-frame streams) taller
 * than `maxHeight` are left out, with their URI lines; everything else (audio and subtitle
 * renditions, tags) is kept as written. Written by hand: it is a line filter over RFC 8216
 * §4.3.4.2–3, and a parser's round trip would rewrite the playlist it does not need to touch.
 */
export interface FilteredMaster {
  text: string;
  /** The variant URIs kept and left out (as written in the playlist: relative to it). */
  kept: string[];
  dropped: string[];
}

const HEIGHT = /(?:^|,)RESOLUTION=\d+x(\d+)(?:,|$)/;
const IFRAME_URI = /(?:^|,)URI="([^"]*)"/;

const heightOf = (attributes: string): number | null => {
  const match = HEIGHT.exec(attributes);
  return match ? Number(match[1]) : null;
};

export function filterMaster(master: string, maxHeight: number): FilteredMaster {
  const lines = master.split(/\r?\n/);
  const out: string[] = [];
  const kept: string[] = [];
  const dropped: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      // The URI is the next line that is neither blank nor a tag (RFC 8216 §4.3.4.2).
      let next = index + 1;
      while (next < lines.length && (lines[next]!.trim() === '' || lines[next]!.startsWith('#'))) next += 1;
      const uri = lines[next]?.trim() ?? '';
      const height = heightOf(line.slice('#EXT-X-STREAM-INF:'.length));
      if (height !== null && height > maxHeight) {
        dropped.push(uri);
        index = next;
        continue;
      }
      kept.push(uri);
      out.push(...lines.slice(index, next + 1));
      index = next;
      continue;
    }
    if (line.startsWith('#EXT-X-I-FRAME-STREAM-INF:')) {
      const attributes = line.slice('#EXT-X-I-FRAME-STREAM-INF:'.length);
      const height = heightOf(attributes);
      if (height !== null && height > maxHeight) {
        dropped.push(IFRAME_URI.exec(attributes)?.[1] ?? '');
        continue;
      }
    }
    out.push(line);
  }
  return { text: out.join('\n'), kept, dropped };
}
