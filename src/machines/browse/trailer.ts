import { fromPromise } from 'xstate';

import type { MediaType, Video } from '../../services/catalogue/catalogue.port';

export interface TrailerRequest {
  mediaType: MediaType;
  id: number;
}

/** The named actor both the hero and the modal invoke to list a title's videos; provided by screens. */
export const fetchVideosPlaceholder = fromPromise<Video[], TrailerRequest>(async () => {
  throw new Error('fetchVideos was not provided');
});
