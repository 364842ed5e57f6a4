import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';

import type { LibraryOverview } from '../../../../shared/library/library-overview.schema';
import type { StudioItem } from '../../../../shared/studio/studio.schema';
import { operatorsMachine } from '../../../../src/machines/studio/operators.machine';
import { studioItemMachine } from '../../../../src/machines/studio/studio-item.machine';
import { STUDIO_POLL_MS, studioLibraryMachine } from '../../../../src/machines/studio/studio-library.machine';
import { type TransferInput, type UploadsEvent, uploadsMachine } from '../../../../src/machines/studio/uploads.machine';

const overview = (percent: number): LibraryOverview => ({
  folders: [{ path: '/films', state: 'watching', scannedAt: null, videos: 1, error: null }],
  titles: [],
  unplaced: [
    {
      key: 1,
      ingestKey: 'library-1',
      path: '/films/a.mkv',
      state: 'present',
      failure: null,
      ingestState: 'transcoding',
      ingestPercent: percent,
      subtitles: [],
    },
  ],
});

const item = (published: boolean): StudioItem => ({
  title: {
    key: 7,
    mediaType: 'movie',
    id: 2_000_000_007,
    title: 'Harbour Lights',
    year: 2019,
    match: { catalogueId: null, method: 'new' },
    factsFrom: 'name',
    nfoError: null,
    hasPoster: false,
    hasBackdrop: false,
    published,
    addedAt: '2026-11-29T00:00:00.000Z',
  },
  facts: { title: 'Harbour Lights', year: 2019, plot: '', certification: '', genres: [] },
  corrected: [],
  art: { poster: null, backdrop: null },
  matchedName: null,
  files: [],
});

describe('the studio library machine', () => {
  it('reads the overview, reads it again every poll, and retries a file', async () => {
    vi.useFakeTimers();
    try {
      let percent = 10;
      const retried: number[] = [];
      const actor = createActor(
        studioLibraryMachine.provide({
          actors: {
            loadOverview: fromPromise(async () => overview(percent)),
            retryFile: fromPromise(async ({ input }: { input: { fileKey: number } }) => {
              retried.push(input.fileKey);
            }),
            rescan: fromPromise(async () => {}),
          },
        }),
      ).start();
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'waiting' })).toBe(true));
      expect(actor.getSnapshot().context.overview?.unplaced[0].ingestPercent).toBe(10);

      percent = 55;
      await vi.advanceTimersByTimeAsync(STUDIO_POLL_MS);
      await vi.waitFor(() => expect(actor.getSnapshot().context.overview?.unplaced[0].ingestPercent).toBe(55));

      actor.send({ type: 'library.retryFile', fileKey: 1 });
      await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'waiting' })).toBe(true));
      expect(retried).toEqual([1]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the list when a retry is refused, and says why', async () => {
    const actor = createActor(
      studioLibraryMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => overview(0)),
          retryFile: fromPromise<void, { fileKey: number }>(async () => {
            throw new Error('Not enough free disk space');
          }),
          rescan: fromPromise(async () => {}),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'library.retryFile', fileKey: 1 });
    await waitFor(actor, (s) => s.context.actionError !== null);
    expect(actor.getSnapshot().context).toMatchObject({ actionError: 'Not enough free disk space' });
    expect(actor.getSnapshot().context.overview).not.toBeNull();
    actor.stop();
  });

  it('fails to load with the reason, and loads again when asked', async () => {
    let fail = true;
    const actor = createActor(
      studioLibraryMachine.provide({
        actors: {
          loadOverview: fromPromise(async () => {
            if (fail) throw new Error('The server could not be reached.');
            return overview(0);
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.hasTag('error'));
    expect(actor.getSnapshot().context.error).toBe('The server could not be reached.');
    fail = false;
    actor.send({ type: 'library.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
  });
});

describe('the studio item machine', () => {
  it('loads the item, publishes and unpublishes it, and saves facts', async () => {
    let current = item(true);
    const actor = createActor(
      studioItemMachine.provide({
        actors: {
          loadItem: fromPromise(async () => current),
          setPublished: fromPromise(async ({ input }: { input: { key: number; published: boolean } }) => {
            current = item(input.published);
            return current;
          }),
          saveFacts: fromPromise(async ({ input }: { input: { key: number; facts: { plot?: string | null } } }) => {
            current = { ...current, facts: { ...current.facts, plot: input.facts.plot ?? '' }, corrected: ['plot'] };
            return current;
          }),
        },
      }),
      { input: { key: 7 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'item.publish', published: false });
    await waitFor(actor, (s) => s.context.saved === 'Unpublished.');
    expect(actor.getSnapshot().context.item?.title.published).toBe(false);
    actor.send({ type: 'item.saveFacts', facts: { plot: 'Lights on the water.' } });
    await waitFor(actor, (s) => s.context.saved === 'Facts saved.');
    expect(actor.getSnapshot().context.item?.facts.plot).toBe('Lights on the water.');
    actor.stop();
  });

  it('searches the catalogue for the item’s media type and saves the match chosen', async () => {
    const searched: string[] = [];
    const actor = createActor(
      studioItemMachine.provide({
        actors: {
          loadItem: fromPromise(async () => item(true)),
          searchCatalogue: fromPromise(async ({ input }: { input: { query: string; mediaType: 'movie' | 'tv' } }) => {
            searched.push(`${input.mediaType}:${input.query}`);
            return [{ id: 603, name: 'The Matrix', year: 1999 as number | null }];
          }),
          correctMatch: fromPromise<StudioItem, { key: number; catalogueId: number | null }>(async () => ({
            ...item(true),
            matchedName: 'The Matrix',
          })),
        },
      }),
      { input: { key: 7 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'item.search', query: 'matrix' });
    await waitFor(actor, (s) => s.context.choices.length === 1);
    expect(searched).toEqual(['movie:matrix']);
    actor.send({ type: 'item.match', catalogueId: 603 });
    await waitFor(actor, (s) => s.context.saved === 'Match saved.');
    expect(actor.getSnapshot().context).toMatchObject({ choices: [], item: { matchedName: 'The Matrix' } });
    actor.stop();
  });

  it('keeps the item when a save is refused, and says why', async () => {
    const actor = createActor(
      studioItemMachine.provide({
        actors: {
          loadItem: fromPromise(async () => item(true)),
          saveFacts: fromPromise<StudioItem, { key: number; facts: object }>(async () => {
            throw new Error('A title cannot be blank.');
          }),
        },
      }),
      { input: { key: 7 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'item.saveFacts', facts: { title: ' ' } });
    await waitFor(actor, (s) => s.context.saveError !== null);
    expect(actor.getSnapshot().context).toMatchObject({ saveError: 'A title cannot be blank.', saved: null });
    actor.stop();
  });
});

describe('the uploads machine', () => {
  it('sends each file, follows its progress, pauses it and resumes it', async () => {
    const started: string[] = [];
    const stopped: string[] = [];
    const senders = new Map<string, (event: UploadsEvent) => void>();
    const actor = createActor(
      uploadsMachine.provide({
        actors: {
          transfer: fromCallback<UploadsEvent, TransferInput>(({ input, sendBack }) => {
            started.push(input.id);
            senders.set(input.id, sendBack);
            return () => stopped.push(input.id);
          }),
        },
      }),
    ).start();
    const file = new File(['abcdefgh'], 'Night Train (2021).mkv');
    actor.send({ type: 'uploads.add', files: [file] });
    expect(started).toEqual(['upload-1']);
    senders.get('upload-1')!({ type: 'upload.progress', id: 'upload-1', sent: 4 });
    expect(actor.getSnapshot().context.uploads[0]).toMatchObject({
      name: file.name,
      size: 8,
      sent: 4,
      state: 'uploading',
    });

    actor.send({ type: 'uploads.pause', id: 'upload-1' });
    expect(stopped).toEqual(['upload-1']);
    expect(actor.getSnapshot().context.uploads[0].state).toBe('paused');
    // A paused upload's late report changes nothing.
    senders.get('upload-1')!({ type: 'upload.progress', id: 'upload-1', sent: 6 });
    expect(actor.getSnapshot().context.uploads[0].sent).toBe(4);

    actor.send({ type: 'uploads.resume', id: 'upload-1' });
    expect(started).toEqual(['upload-1', 'upload-1']);
    senders.get('upload-1')!({ type: 'upload.done', id: 'upload-1' });
    expect(actor.getSnapshot().context.uploads[0]).toMatchObject({ state: 'done', sent: 8 });
    actor.stop();
  });

  it('shows a refused upload’s reason, and can try it again', () => {
    const started: string[] = [];
    let sendBack: ((event: UploadsEvent) => void) | undefined;
    const actor = createActor(
      uploadsMachine.provide({
        actors: {
          transfer: fromCallback<UploadsEvent, TransferInput>(({ input, sendBack: back }) => {
            started.push(input.id);
            sendBack = back;
          }),
        },
      }),
    ).start();
    actor.send({ type: 'uploads.add', files: [new File(['x'], 'notes.txt')] });
    sendBack!({ type: 'upload.failed', id: 'upload-1', error: 'Only video files can be uploaded.' });
    expect(actor.getSnapshot().context.uploads[0]).toMatchObject({
      state: 'failed',
      error: 'Only video files can be uploaded.',
    });
    actor.send({ type: 'uploads.resume', id: 'upload-1' });
    expect(started).toHaveLength(2);
    actor.stop();
  });
});

describe('the operators machine', () => {
  it('lists, grants and revokes, and shows a refusal', async () => {
    let operators = [{ uid: 'a', email: 'owner@example.com' }];
    const actor = createActor(
      operatorsMachine.provide({
        actors: {
          loadOperators: fromPromise(async () => operators),
          grant: fromPromise(async ({ input }: { input: { email: string } }) => {
            operators = [...operators, { uid: 'b', email: input.email }];
            return operators;
          }),
          revoke: fromPromise<Array<{ uid: string; email: string }>, { uid: string }>(async () => {
            throw new Error('The studio needs at least one operator.');
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'operators.grant', email: 'viewer@example.com' });
    await waitFor(actor, (s) => s.context.operators.length === 2);
    actor.send({ type: 'operators.revoke', uid: 'a' });
    await waitFor(actor, (s) => s.context.saveError !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      saveError: 'The studio needs at least one operator.',
      operators: [{ uid: 'a' }, { uid: 'b' }],
    });
    actor.stop();
  });
});
