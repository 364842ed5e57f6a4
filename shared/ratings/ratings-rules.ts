/** The real service's three thumbs: not for me, I like this, love this (two thumbs up). */
export const RATINGS = ['down', 'up', 'love'] as const;
export type TitleRating = (typeof RATINGS)[number];

/** A rating that says the profile liked the title: these seed "Because you watched" rows. */
export const isLiked = (rating: TitleRating): boolean => rating !== 'down';

/** The row's heading, the same words on every screen. */
export const becauseYouWatchedHeading = (name: string): string => `Because you watched ${name}`;

/** At most this many "Because you watched" rows on home, each with at most this many titles. */
export const MAX_BECAUSE_YOU_WATCHED_ROWS = 2;
export const BECAUSE_YOU_WATCHED_ROW_LENGTH = 20;

export const INVALID_RATING_MESSAGE = 'A rating is down, up or love.';
