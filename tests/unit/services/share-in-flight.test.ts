import { describe, expect, it, vi } from 'vitest';

import { shareInFlight } from '../../../src/services/http/share-in-flight.ts';
import { deferred } from '../support/deferred.ts';

describe('shareInFlight', () => {
  it('runs one request for callers asking for the same key at the same time', async () => {
    const share = shareInFlight();
    const answer = deferred<string>();
    const start = vi.fn(() => answer.promise);

    const first = share('trending', start);
    const second = share('trending', start, new AbortController().signal);
    answer.resolve('titles');

    await expect(first).resolves.toBe('titles');
    await expect(second).resolves.toBe('titles');
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('keeps different keys apart, and fetches afresh once a request has settled', async () => {
    const share = shareInFlight();
    const start = vi.fn(async (_signal: AbortSignal) => 'x');
    await Promise.all([share('a', start), share('b', start)]);
    await share('a', start);
    expect(start).toHaveBeenCalledTimes(3);
  });

  it('rejects only the caller that gave up, and aborts the request when every caller has', async () => {
    const share = shareInFlight();
    const answer = deferred<string>();
    let requestSignal: AbortSignal | undefined;
    const start = (signal: AbortSignal) => {
      requestSignal = signal;
      return answer.promise;
    };
    const one = new AbortController();
    const two = new AbortController();
    const first = share('row', start, one.signal);
    const second = share('row', start, two.signal);

    one.abort(new DOMException('left', 'AbortError'));
    await expect(first).rejects.toThrow('left');
    expect(requestSignal?.aborted).toBe(false);

    two.abort(new DOMException('left too', 'AbortError'));
    await expect(second).rejects.toThrow('left too');
    expect(requestSignal?.aborted).toBe(true);

    // The aborted request is forgotten: the next caller starts a new one.
    const fresh = vi.fn(async () => 'again');
    await expect(share('row', fresh)).resolves.toBe('again');
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('shares a failure with every caller', async () => {
    const share = shareInFlight();
    const answer = deferred<string>();
    const start = () => answer.promise;
    const both = [share('k', start), share('k', start, new AbortController().signal)];
    answer.reject(new Error('Could not reach the catalogue.'));
    for (const call of both) await expect(call).rejects.toThrow('Could not reach the catalogue.');
  });
});
