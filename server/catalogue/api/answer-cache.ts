import { createHash } from 'node:crypto';

import { LRUCache } from 'lru-cache';

/** An answer kept serialized, with its ETag: a repeat costs no serialization at all. */
export interface Answer {
  body: Buffer;
  etag: string;
}

/**
 * Bytes of answers one worker keeps by default. The app's own working set (the home rows, the
 * details a session opens, its searches: 2–30 kB each) fits many times over; past it, the least
 * recently used answer goes, and is computed again if asked for (a few ms).
 */
export const ANSWER_CACHE_BYTES = 32 * 1024 * 1024;
/** What one kept entry costs beyond its strings and bytes: the cache's node, Buffer and object headers (an estimate). */
const ENTRY_OVERHEAD = 256;

export interface AnswerCacheStats {
  answers: number;
  answerBytes: number;
  addresses: number;
  addressBytes: number;
  maxBytes: number;
}

export interface AnswerCache {
  /** The answer kept under a key (marked most recently used). */
  get(key: string): Answer | undefined;
  /** Serializes an answer, hashes its ETag and keeps it under a key. */
  keep(key: string, body: unknown): Answer;
  /** The answer given before to this exact address, while its key's answer is still kept. */
  atAddress(address: string): Answer | undefined;
  /** Remembers which key an exact address was answered from. */
  rememberAddress(address: string, key: string): void;
  /** What is kept, in entries and calculated bytes. */
  stats(): AnswerCacheStats;
  /** Forgets every answer and address (what they were computed from has changed). */
  clear(): void;
}

/**
 * The catalogue API's answers, least recently used first out, bounded by bytes: `maxBytes` of
 * answers (bodies, ETags, keys), and an eighth of that again for the exact addresses that were
 * answered from them. An address holds its answer's key, not the answer, so an answer pushed out
 * is gone for its addresses too, and the bound counts every body once.
 */
export function createAnswerCache({ maxBytes = ANSWER_CACHE_BYTES }: { maxBytes?: number } = {}): AnswerCache {
  const answers = new LRUCache<string, Answer>({
    maxSize: maxBytes,
    sizeCalculation: (answer, key) => answer.body.length + answer.etag.length + key.length + ENTRY_OVERHEAD,
  });
  const addressBytes = Math.max(64 * 1024, Math.floor(maxBytes / 8));
  const addresses = new LRUCache<string, string>({
    maxSize: addressBytes,
    sizeCalculation: (key, address) => address.length + key.length + ENTRY_OVERHEAD,
  });
  return {
    get: (key) => answers.get(key),
    keep(key, body) {
      const json = Buffer.from(JSON.stringify(body));
      const answer = { body: json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
      // An answer larger than the whole cache is not kept (lru-cache refuses it): sent all the same.
      answers.set(key, answer);
      return answer;
    },
    atAddress(address) {
      const key = addresses.get(address);
      return key === undefined ? undefined : answers.get(key);
    },
    rememberAddress: (address, key) => void addresses.set(address, key),
    clear() {
      answers.clear();
      addresses.clear();
    },
    stats: () => ({
      answers: answers.size,
      answerBytes: answers.calculatedSize,
      addresses: addresses.size,
      addressBytes: addresses.calculatedSize,
      maxBytes: maxBytes + addressBytes,
    }),
  };
}
