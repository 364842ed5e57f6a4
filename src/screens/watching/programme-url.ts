import type { Mood } from '../../../shared/media/moods';

/**
 * The master playlist of a mood's programme on Marquee's video host (both modes).
 * TODO(lead): branch h/media adds shared/media's programmeUrl(mood); use it and drop this file.
 */
export const programmeUrl = (mood: Mood): string => `/media/programmes/${mood}/master.m3u8`;
