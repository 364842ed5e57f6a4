import { describe, expect, it } from 'vitest';

import { ANSWER_CACHE_BYTES, createAnswerCache } from '../../server/catalogue/api/answer-cache.ts';

const body = (index: number) => ({ index, filler: 'x'.repeat(1000) });

describe('the catalogue answer cache', () => {
  it('stays within its bytes, dropping the least recently used answer first', () => {
    const cache = createAnswerCache({ maxBytes: 64 * 1024 });
    cache.keep('first', body(0));
    for (let index = 1; index < 1000; index++) {
      cache.keep(`answer-${index}`, body(index));
      // Used again and again: never the least recently used.
      expect(cache.get('first'), `after ${index}`).toBeDefined();
    }
    const { answers, answerBytes } = cache.stats();
    expect(answerBytes).toBeLessThanOrEqual(64 * 1024);
    expect(answers).toBeGreaterThan(40);
    expect(answers).toBeLessThan(1000);
    expect(cache.get('answer-1')).toBeUndefined();
    expect(cache.get('answer-999')).toBeDefined();
  });

  it('bounds the addresses too, and forgets an address whose answer is gone', () => {
    const cache = createAnswerCache({ maxBytes: 64 * 1024 });
    cache.keep('key', body(0));
    for (let index = 0; index < 5000; index++)
      cache.rememberAddress(`/tmdb/3/movie/popular?api_key=k&n=${index}`, 'key');
    const stats = cache.stats();
    expect(stats.addressBytes).toBeLessThanOrEqual(stats.maxBytes - 64 * 1024);
    expect(stats.addresses).toBeLessThan(5000);
    expect(cache.atAddress('/tmdb/3/movie/popular?api_key=k&n=4999')?.etag).toBe(cache.get('key')!.etag);
    for (let index = 0; index < 200; index++) cache.keep(`other-${index}`, body(index));
    expect(cache.get('key')).toBeUndefined();
    expect(cache.atAddress('/tmdb/3/movie/popular?api_key=k&n=4999')).toBeUndefined();
  });

  it('keeps the serialized answer with a strong ETag of its bytes', () => {
    const cache = createAnswerCache();
    const answer = cache.keep('key', { a: 1 });
    expect(answer.body.toString()).toBe('{"a":1}');
    expect(answer.etag).toMatch(/^"[\w-]{27}"$/);
    expect(cache.keep('other', { a: 1 }).etag).toBe(answer.etag);
    expect(cache.stats().maxBytes).toBeGreaterThanOrEqual(ANSWER_CACHE_BYTES);
  });
});
