import type { MediaType, Video } from '../../services/catalogue/catalogue.port';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface TrailerRequest {
  mediaType: MediaType;
  id: number;
}

/** The named actor both the hero and the modal invoke to list a title's videos; provided by screens. */
export const fetchVideosPlaceholder = fromPromise<Video[], TrailerRequest>(async () =>
  notProvided('hero or detail modal', 'fetchVideos'),
);
