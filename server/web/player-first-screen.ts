import { detailsRequest } from '../../shared/catalogue/details-request.ts';
import { EMBEDDED_CATALOGUE, type FirstScreen, requestKey } from '../../shared/catalogue/first-screen.ts';
import {
  PLAYER_SLOTS,
  PLAYER_TEMPLATE_ID,
  type PlayerText,
  programmeTitle,
  REFUSAL_TEMPLATE_ID,
} from '../../shared/watching/player-first-screen.ts';
import { episodeLine, requestOfPath } from '../../shared/web/player-address.ts';
import { type CatalogueAnswer, dataBlock, type FirstScreenMarkup } from './first-screen.ts';

const templateOf = (id: string) => new RegExp(`<template id="${id}">([\\s\\S]*?)</template>`);
/** The build's player, with slots (src/screens/watching/prerender-player.tsx), in index.html. */
const PLAYER_TEMPLATE = templateOf(PLAYER_TEMPLATE_ID);
/** The build's "Choose a plan" refusal (the same file), in index.html. */
const REFUSAL_TEMPLATE = templateOf(REFUSAL_TEMPLATE_ID);

/**
 * index.html without the player page's templates, and their content: the player's and the
 * refusal's ('' for one the build has not).
 */
export function takePlayerTemplates(html: string): { html: string; template: string; refusal: string } {
  const template = PLAYER_TEMPLATE.exec(html)?.[1] ?? '';
  const refusal = REFUSAL_TEMPLATE.exec(html)?.[1] ?? '';
  return { html: html.replace(PLAYER_TEMPLATE, '').replace(REFUSAL_TEMPLATE, ''), template, refusal };
}

/** Text that is safe both between tags and in a quoted attribute (the title is in both). */
const escaped = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The player's first paint for a programme: the build's rendering of the app's player with the
 * programme's title (its heading and the video's name) and episode line in place of the slots
 * (none for a film: the line's element is left empty, and takes no room). Empty when the
 * template is not the one expected (a slot missing): the page then shows the player when the
 * app renders it, as before.
 */
export function fillPlayer(template: string, text: PlayerText): string {
  const slots = Object.values(PLAYER_SLOTS);
  if (slots.some((slot) => !template.includes(slot))) return '';
  const values: Record<string, string> = {
    [PLAYER_SLOTS.title]: escaped(text.title),
    [PLAYER_SLOTS.episodeLine]: escaped(text.episodeLine),
  };
  return template.replace(new RegExp(slots.join('|'), 'g'), (slot) => values[slot]!);
}

/**
 * The player page's first screen (docs/decisions.md, "The player page's first screen"): the
 * programme's details, which the player waits on before it shows anything (and which otherwise
 * come after the scripts), inlined under the client's own request for them; and its title and
 * episode line for the player's first paint. Undefined for a path that is not a player address,
 * or a programme the catalogue does not have (or answers strangely): the page is then the bare one.
 */
export async function playerFirstScreen(
  path: string,
  answer: CatalogueAnswer,
): Promise<(FirstScreenMarkup & { player: PlayerText }) | undefined> {
  const request = requestOfPath(path);
  if (!request) return undefined;
  const details = detailsRequest(request.mediaType, request.id);
  const body = (await answer(details)) as { title?: unknown; name?: unknown } | null | undefined;
  // As the client's player takes it (programmeTitle): the title when there is one, else the name.
  const hasTitle = typeof body === 'object' && body !== null && 'title' in body;
  const name = hasTitle ? body.title : body?.name;
  if (typeof name !== 'string') return undefined;
  const data: FirstScreen = {
    baseUrl: EMBEDDED_CATALOGUE.baseUrl,
    answers: { [requestKey(details.path, details.query)]: body },
  };
  return {
    key: `player ${request.mediaType}/${request.id}/${request.episode ? episodeLine(request.episode) : ''}`,
    early: '',
    head: dataBlock(data),
    player: {
      title: programmeTitle(hasTitle ? { title: name } : { name }),
      episodeLine: request.episode ? episodeLine(request.episode) : '',
    },
  };
}

/**
 * The player page's first screen for an account without a plan, whose grant the server will refuse
 * (`no-membership`): the build's "Choose a plan" refusal in the player's place, the page's largest
 * paint, which otherwise waits on the scripts, the grant chunk and the grant's answer. One page for
 * every such address: it names no programme.
 */
export const REFUSAL_FIRST_SCREEN: FirstScreenMarkup = { key: 'player refused', early: '', head: '', refusal: true };
