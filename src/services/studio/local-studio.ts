import { Upload } from 'tus-js-client';

import { STUDIO_UPLOADS_PATH } from '../../../shared/studio/studio-paths';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { Operator, StudioItem, StudioService } from './studio.port';

/** An Error carrying the server's words, for the machines to show. */
async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new Error(readApiError(error).message);
  }
}

/** The words in a tus refusal's body (the server's one error shape), or tus-js-client's own. */
function uploadFailure(error: Error): string {
  const body = (error as Error & { originalResponse?: { getBody(): string } | null }).originalResponse?.getBody();
  try {
    const message = (JSON.parse(body ?? '') as { error?: { message?: string } }).error?.message;
    if (message) return message;
  } catch {
    // Not JSON: tus-js-client's message follows.
  }
  return error.message;
}

/** The studio over the embedded server (the studio is always the embedded server's). */
export function createLocalStudio({ api = defaultApi }: { api?: ApiClient } = {}): StudioService {
  const get = <T>(path: string, query?: Record<string, string>) => calling(() => api<T>(path, { query }));
  const send = <T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: object) =>
    calling(() => api<T>(path, { method, body }));
  const operators = (answer: Promise<{ operators: Operator[] }>) => answer.then((list) => list.operators);
  return {
    overview: () => get('/studio/overview'),
    item: (key) => get(`/studio/items/${key}`),
    retry: (fileKey) => send<void>('POST', `/studio/files/${fileKey}/retry`).then(() => undefined),
    rescan: () => send<void>('POST', '/studio/rescan').then(() => undefined),
    searchCatalogue: (query, mediaType) =>
      get<{ results: Awaited<ReturnType<StudioService['searchCatalogue']>> }>('/studio/catalogue', {
        query,
        mediaType,
      }).then((answer) => answer.results),
    correctMatch: (key, catalogueId) => send<StudioItem>('PUT', `/studio/items/${key}/match`, { catalogueId }),
    correctFacts: (key, facts) => send<StudioItem>('PATCH', `/studio/items/${key}/facts`, facts),
    setPublished: (key, published) => send<StudioItem>('PUT', `/studio/items/${key}/published`, { published }),
    setMarkers: (fileKey, markers) =>
      send<{ markers: Awaited<ReturnType<StudioService['setMarkers']>> }>('PUT', `/studio/files/${fileKey}/markers`, {
        markers,
      }).then((answer) => answer.markers),
    operators: () => operators(get('/studio/operators')),
    grant: (email) => operators(send('POST', '/studio/operators', { email })),
    revoke: (uid) => operators(send('DELETE', `/studio/operators/${encodeURIComponent(uid)}`)),
    upload(file, listener) {
      const upload = new Upload(file, {
        endpoint: STUDIO_UPLOADS_PATH,
        // Pieces small enough that a pause or a dropped connection loses little.
        chunkSize: 8 * 2 ** 20,
        retryDelays: [0, 1000, 3000, 5000],
        metadata: { filename: file.name, filetype: file.type },
        // The same file chosen again resumes the upload the server already has.
        storeFingerprintForResuming: true,
        removeFingerprintOnSuccess: true,
        onProgress: (sent, total) => listener.onProgress(sent, total),
        onSuccess: () => listener.onSuccess(),
        onError: (error) => listener.onError(uploadFailure(error)),
      });
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
      return { stop: () => void upload.abort() };
    },
  };
}
