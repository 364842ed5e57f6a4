/**
 * The player page's first paint (docs/decisions.md, "The player page's first screen"): the
 * build renders the app's own player view, loading, with these words in place of the programme's
 * title and episode line (src/screens/watching/prerender-player.tsx), and the server puts the
 * programme's in their place (server/web/player-first-screen.ts). No slot's word starts another's.
 */

import { MAX_STORED_TITLE_LENGTH } from './watching-rules.ts';

/** The build's `<template>` of the player (scripts/vite-prerender-shells.ts), which the server takes out of index.html. */
export const PLAYER_TEMPLATE_ID = 'player-first-screen';
/** The build's `<template>` of the "Choose a plan" refusal, painted instead for an account without a plan. */
export const REFUSAL_TEMPLATE_ID = 'player-refusal-first-screen';

export const PLAYER_SLOTS = {
  title: 'marquee-player-slot-title',
  episodeLine: 'marquee-player-slot-episode-line',
} as const;

export type PlayerText = Record<keyof typeof PLAYER_SLOTS, string>;

/** The programme's title as the player shows (and Continue Watching stores) it: a film's title, a series' name. */
export const programmeTitle = (details: { title: string } | { name: string }): string =>
  ('title' in details ? details.title : details.name).slice(0, MAX_STORED_TITLE_LENGTH);
