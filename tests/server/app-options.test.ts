import { describe, expect, it } from 'vitest';

import { appOptions } from '../../server/app-options.ts';
import { readConfig } from '../../server/config.ts';

describe("a cluster's workers share the image limits", () => {
  const config = readConfig({
    MARQUEE_WORKERS: '2',
    MARQUEE_RENDERS_PER_CLIENT: '16',
    MARQUEE_IMAGE_CACHE_MB: '512',
    MARQUEE_DATA_DIR: '/tmp/marquee-app-options',
  });

  it('gives each worker its share of a client render allowance and of the disk cache', () => {
    const worker = appOptions(config, true).images!;
    expect(worker.renders?.perClient).toBe(8);
    expect(worker.cacheBytes).toBe(256 * 1024 * 1024);
  });

  it('gives a single process the whole of each', () => {
    const single = appOptions({ ...config, workers: 1 }).images!;
    expect(single.renders?.perClient).toBe(16);
    expect(single.cacheBytes).toBe(512 * 1024 * 1024);
  });

  it('never lets a share fall to zero', () => {
    const worker = appOptions({ ...config, workers: 4, rendersPerClient: 1 }, true).images!;
    expect(worker.renders?.perClient).toBe(1);
  });
});

describe('hosted mode for playback (MARQUEE_FIREBASE_PROJECT_ID)', () => {
  const base = { MARQUEE_DATA_DIR: '/tmp/marquee-app-options' };

  it('is off unless a project is named, and takes unsigned tokens only with the Auth emulator', () => {
    expect(appOptions(readConfig(base)).firebase).toBeUndefined();
    expect(appOptions(readConfig({ ...base, MARQUEE_FIREBASE_PROJECT_ID: 'marquee-prod' })).firebase).toEqual({
      projectId: 'marquee-prod',
      emulator: false,
    });
    const emulated = readConfig({
      ...base,
      MARQUEE_FIREBASE_PROJECT_ID: 'demo-marquee',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
    });
    expect(emulated.firebase).toEqual({ projectId: 'demo-marquee', emulator: true });
  });

  it('refuses a project id Firebase could not have made', () => {
    for (const bad of ['Marquee', 'ab', 'has space', 'marquee/../x']) {
      expect(() => readConfig({ ...base, MARQUEE_FIREBASE_PROJECT_ID: bad }), bad).toThrow(
        /MARQUEE_FIREBASE_PROJECT_ID must be a Firebase project id/,
      );
    }
  });
});
