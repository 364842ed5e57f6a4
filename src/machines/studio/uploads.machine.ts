import { assign, enqueueActions, fromCallback, setup } from 'xstate';

import { notProvided } from '../not-provided';

export type UploadState = 'uploading' | 'paused' | 'done' | 'failed';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  sent: number;
  state: UploadState;
  error: string | null;
}

export interface UploadsContext {
  uploads: UploadEntry[];
  /** The files themselves, by upload id: a resumed upload sends the same file again. */
  files: Record<string, File>;
  nextId: number;
}

export type UploadsEvent =
  | { type: 'uploads.add'; files: File[] }
  | { type: 'uploads.pause'; id: string }
  | { type: 'uploads.resume'; id: string }
  /** From a transfer. */
  | { type: 'upload.progress'; id: string; sent: number }
  | { type: 'upload.done'; id: string }
  | { type: 'upload.failed'; id: string; error: string };

/** What a transfer is given: which upload it is, and the file. */
export interface TransferInput {
  id: string;
  file: File;
}

type Of<T extends UploadsEvent['type']> = Extract<UploadsEvent, { type: T }>;

const update = (uploads: UploadEntry[], id: string, change: Partial<UploadEntry>) =>
  uploads.map((upload) => (upload.id === id ? { ...upload, ...change } : upload));

/**
 * The studio's uploads: each file chosen becomes a transfer (an actor the screen provides, tus
 * in the app), which reports progress, success or failure. Pausing stops the transfer; resuming
 * starts it again, and tus carries on from what the server already has.
 */
export const uploadsMachine = setup({
  types: { context: {} as UploadsContext, events: {} as UploadsEvent },
  actors: {
    transfer: fromCallback<UploadsEvent, TransferInput>(() => notProvided('uploads', 'transfer')),
  },
  actions: {
    addUploads: enqueueActions(({ context, event, enqueue }) => {
      let nextId = context.nextId;
      const uploads = [...context.uploads];
      const files = { ...context.files };
      for (const file of (event as Of<'uploads.add'>).files) {
        const id = `upload-${nextId++}`;
        uploads.push({ id, name: file.name, size: file.size, sent: 0, state: 'uploading', error: null });
        files[id] = file;
        enqueue.spawnChild('transfer', { id, input: { id, file } });
      }
      enqueue.assign({ uploads, files, nextId });
    }),
    pauseUpload: enqueueActions(({ context, event, enqueue }) => {
      const { id } = event as Of<'uploads.pause'>;
      enqueue.stopChild(id);
      enqueue.assign({ uploads: update(context.uploads, id, { state: 'paused' }) });
    }),
    resumeUpload: enqueueActions(({ context, event, enqueue }) => {
      const { id } = event as Of<'uploads.resume'>;
      enqueue.spawnChild('transfer', { id, input: { id, file: context.files[id] } });
      enqueue.assign({ uploads: update(context.uploads, id, { state: 'uploading', error: null }) });
    }),
    takeProgress: assign(({ context, event }) => {
      const { id, sent } = event as Of<'upload.progress'>;
      return { uploads: update(context.uploads, id, { sent }) };
    }),
    finishUpload: enqueueActions(({ context, event, enqueue }) => {
      const { id } = event as Of<'upload.done'>;
      const upload = context.uploads.find((entry) => entry.id === id);
      enqueue.stopChild(id);
      enqueue.assign({ uploads: update(context.uploads, id, { state: 'done', sent: upload?.size ?? 0 }) });
    }),
    failUpload: enqueueActions(({ context, event, enqueue }) => {
      const { id, error } = event as Of<'upload.failed'>;
      enqueue.stopChild(id);
      enqueue.assign({ uploads: update(context.uploads, id, { state: 'failed', error }) });
    }),
  },
  guards: {
    isUploading: ({ context, event }) =>
      context.uploads.find((upload) => upload.id === (event as { id: string }).id)?.state === 'uploading',
    canResume: ({ context, event }) => {
      const state = context.uploads.find((upload) => upload.id === (event as { id: string }).id)?.state;
      return state === 'paused' || state === 'failed';
    },
  },
}).createMachine({
  id: 'uploads',
  context: { uploads: [], files: {}, nextId: 1 },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'uploads.add': { actions: 'addUploads' },
        'uploads.pause': { guard: 'isUploading', actions: 'pauseUpload' },
        'uploads.resume': { guard: 'canResume', actions: 'resumeUpload' },
        'upload.progress': { guard: 'isUploading', actions: 'takeProgress' },
        'upload.done': { guard: 'isUploading', actions: 'finishUpload' },
        'upload.failed': { guard: 'isUploading', actions: 'failUpload' },
      },
    },
  },
});
