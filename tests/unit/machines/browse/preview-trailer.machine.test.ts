import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { previewTrailerMachine } from '../../../../src/machines/browse/preview-trailer.machine.ts';
import type { TrailerRequest } from '../../../../src/machines/browse/trailer.ts';
import type { Video } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const REQUEST: TrailerRequest = { mediaType: 'movie', id: 949 };
const video = (key: string, type: string): Video => ({ key, type, site: 'YouTube', name: key }) as Video;

function start(autoplay: boolean) {
  const reads: { input: TrailerRequest; result: Deferred<Video[]> }[] = [];
  const machine = previewTrailerMachine.provide({
    actors: {
      fetchVideos: fromPromise<Video[], TrailerRequest>(({ input }) => {
        const result = deferred<Video[]>();
        reads.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { request: REQUEST, autoplay } }).start();
  return { actor, reads };
}

describe('previewTrailerMachine', () => {
  it('for a profile that autoplays previews, reads the videos and keeps the first trailer', async () => {
    const { actor, reads } = start(true);
    expect(actor.getSnapshot().value).toBe('finding');
    expect(reads[0].input).toEqual(REQUEST);
    reads[0].result.resolve([video('teaser', 'Teaser'), video('the-trailer', 'Trailer')]);
    await flush();
    expect(actor.getSnapshot().value).toBe('found');
    expect(actor.getSnapshot().context.trailerKey).toBe('the-trailer');
  });

  it('reads nothing when the profile does not autoplay previews', () => {
    const { actor, reads } = start(false);
    expect(actor.getSnapshot().value).toBe('none');
    expect(reads).toHaveLength(0);
  });

  it('no trailer among the videos, or a failed read, leaves the art', async () => {
    const first = start(true);
    first.reads[0].result.resolve([video('teaser', 'Teaser')]);
    await flush();
    expect(first.actor.getSnapshot().context.trailerKey).toBeNull();
    const second = start(true);
    second.reads[0].result.reject(new Error('offline'));
    await flush();
    expect(second.actor.getSnapshot().value).toBe('none');
    expect(second.actor.getSnapshot().context.trailerKey).toBeNull();
  });
});
