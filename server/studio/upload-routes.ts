import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { rename, statfs } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';

import { FileStore } from '@tus/file-store';
import { Server as TusServer } from '@tus/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { VIDEO_FILE_EXTENSIONS } from '../../shared/library/video-extensions.ts';
import { MAX_UPLOAD_BYTES, STUDIO_UPLOADS_PATH } from '../../shared/studio/studio-paths.ts';

export interface UploadRoutesOptions {
  /** The library folder finished uploads are moved into (config.ts uploadsFolder). */
  uploadsDir: string;
  /** Where uploads are kept while they arrive: outside every library folder, on the same disk. */
  incomingDir: string;
  /** Free space an upload must leave on the disk (bytes). */
  reserveBytes?: number;
  maxBytes?: number;
}

/**
 * FileStore, without the unawaited mkdir its constructor starts (an error there is thrown from a
 * callback, crashing the process if the data folder has gone): the folder is made beforehand.
 */
class IncomingStore extends FileStore {}
// Declared private, so replaced on the prototype rather than overridden.
(IncomingStore.prototype as unknown as { checkOrCreateDirectory(): void }).checkOrCreateDirectory = () => {};

const VIDEO = new Set<string>(VIDEO_FILE_EXTENSIONS);
const DEFAULT_RESERVE_BYTES = 1024 * 2 ** 20;

/** A refusal in tus's terms: its status, and the app's one error shape as the body. */
const refusal = (status_code: number, code: string, message: string) => ({
  status_code,
  body: JSON.stringify({ error: { code, message } }),
});

/**
 * An uploaded file's name, safe to put in a folder: its own base name only (no folders), without
 * control or reserved characters or a leading dot, at most 200 characters. Null when nothing is left,
 * or when it is not a video file.
 */
export function sanitiseUploadName(raw: string): string | null {
  const name = basename(raw.replaceAll('\\', '/'))
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
  const extension = extname(name).toLowerCase();
  if (!VIDEO.has(extension)) return null;
  const stem = name
    .slice(0, name.length - extension.length)
    .trim()
    .slice(0, 200);
  return stem === '' ? null : `${stem}${extension}`;
}

/**
 * Resumable uploads with the tus protocol (@tus/server, @tus/file-store), at
 * /api/studio/uploads, for operators only (the studio plugin's guard runs on every request,
 * creation, each PATCH and HEAD alike). A finished upload is moved into the uploads folder, a
 * library folder like the others, and the library is asked to rescan.
 */
const uploadRoutes: FastifyPluginAsync<UploadRoutesOptions> = async (app, options) => {
  const { uploadsDir, incomingDir } = options;
  const reserveBytes = options.reserveBytes ?? DEFAULT_RESERVE_BYTES;
  mkdirSync(uploadsDir, { recursive: true });
  mkdirSync(incomingDir, { recursive: true });

  /** A free name in the uploads folder: "Name (2).mkv" when "Name.mkv" is taken. */
  const placeFor = (name: string) => {
    const extension = extname(name);
    const stem = name.slice(0, name.length - extension.length);
    for (let n = 1; ; n += 1) {
      const candidate = join(uploadsDir, n === 1 ? name : `${stem} (${n})${extension}`);
      if (!existsSync(candidate)) return candidate;
    }
  };

  let tus: TusServer | undefined;
  const tusServer = () =>
    (tus ??= new TusServer({
      path: STUDIO_UPLOADS_PATH,
      datastore: new IncomingStore({ directory: incomingDir }),
      maxSize: options.maxBytes ?? MAX_UPLOAD_BYTES,
      relativeLocation: true,
      async onUploadCreate(_request, upload) {
        const name = sanitiseUploadName(upload.metadata?.filename ?? '');
        if (!name) {
          throw refusal(
            400,
            'invalid-argument',
            `Only video files can be uploaded (${VIDEO_FILE_EXTENSIONS.join(', ')}).`,
          );
        }
        if (upload.size === undefined) {
          throw refusal(400, 'invalid-argument', 'Say the upload’s length when it starts (Upload-Length).');
        }
        const disk = await statfs(incomingDir);
        const free = disk.bavail * disk.bsize;
        if (free - upload.size < reserveBytes) {
          const gb = (bytes: number) => `${(bytes / 2 ** 30).toFixed(1)} GB`;
          throw refusal(
            507,
            'disk-full',
            `Not enough free disk space for this upload: ${gb(free)} free, ${gb(upload.size + reserveBytes)} needed. Free some space, then try again.`,
          );
        }
        return { metadata: { ...upload.metadata, filename: name } };
      },
      async onUploadFinish(_request, upload) {
        const name = sanitiseUploadName(upload.metadata?.filename ?? '') ?? `upload-${upload.id}.mkv`;
        const source = join(incomingDir, upload.id);
        await rename(source, placeFor(name));
        rmSync(`${source}.json`, { force: true });
        if (app.hasDecorator('libraryControl')) {
          // The folder's watch finds it too; a rescan makes that now rather than after the watch's wait.
          app.libraryControl.rescan().catch((error: unknown) => app.log.warn({ err: error }, 'studio: rescan failed'));
        }
        return {};
      },
    }));

  // tus reads the request's body itself: Fastify must leave it unread, and its size to tus.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await tusServer().handle(request.raw, reply.raw);
  };
  app.all('/uploads', handle);
  app.all('/uploads/*', handle);
};

export default uploadRoutes;
