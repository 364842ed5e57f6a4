import { describe, expect, it, vi } from 'vitest';

import { UNREACHABLE_MESSAGE } from '../../../src/brand';
import type { GrantsPort } from '../../../src/services/playback/grants.port';
import { createLazyGrants } from '../../../src/services/playback/lazy-grants';

const port = (): GrantsPort => ({
  request: vi.fn(async () => ({ kind: 'no-membership' as const, message: 'Choose a plan.' })),
  renew: vi.fn(async () => true),
  release: vi.fn(async () => {}),
});

describe('createLazyGrants', () => {
  it('loads the adapter on the first call only, and passes every call on', async () => {
    const real = port();
    const load = vi.fn(async () => real);
    const grants = createLazyGrants(load);
    expect(load).not.toHaveBeenCalled();

    await expect(grants.request({ media_type: 'movie', id: 550 })).resolves.toEqual({
      kind: 'no-membership',
      message: 'Choose a plan.',
    });
    await expect(grants.renew('lease-1')).resolves.toBe(true);
    await grants.release('lease-1');
    expect(load).toHaveBeenCalledTimes(1);
    expect(real.request).toHaveBeenCalledWith({ media_type: 'movie', id: 550 });
    expect(real.renew).toHaveBeenCalledWith('lease-1');
    expect(real.release).toHaveBeenCalledWith('lease-1');
  });

  it('reads a failed load as the server unreachable, and tries again on the next call', async () => {
    const real = port();
    const load = vi.fn<() => Promise<GrantsPort>>().mockRejectedValueOnce(new TypeError('Failed to fetch'));
    load.mockResolvedValueOnce(real);
    const grants = createLazyGrants(load);

    await expect(grants.renew('lease-1')).rejects.toThrow(UNREACHABLE_MESSAGE);
    await expect(grants.renew('lease-1')).resolves.toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
