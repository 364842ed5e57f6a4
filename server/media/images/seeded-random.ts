import { createHash } from 'node:crypto';

/**
 * The art's only source of variety: streams seeded from a title's id, so every choice is the same
 * on every run and every machine, and the same title always gets the same bytes.
 */

export type Rng = () => number;

/** mulberry32 seeded from a SHA-256 of the key: tiny, fast and the same on every machine. */
export function seeded(key: string): Rng {
  let a = createHash('sha256').update(key).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const between = (r: Rng, min: number, max: number) => min + (max - min) * r();

export const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)];
