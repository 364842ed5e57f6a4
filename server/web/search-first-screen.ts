import {
  EMBEDDED_CATALOGUE,
  type FirstScreen,
  imageCandidates,
  requestKey,
  wholeSearchRequest,
} from '../../shared/catalogue/first-screen.ts';
import type { SearchPage } from '../../shared/catalogue/search.ts';
import { queryOf } from '../../shared/web/search-address.ts';
import { artPreload, type CatalogueAnswer, dataBlock, type FirstScreenMarkup } from './first-screen.ts';

/**
 * The search page's first screen (docs/decisions.md, "The search page's first screen"): the
 * answer the page asks for first (the search's whole first page, for the query in the address,
 * trimmed as the search box trims it), inlined under the client's own request for it, and a
 * preload of the first result's art with the card's own candidates and sizes, so the browser
 * fetches it with the scripts instead of after them and the answer. Undefined for an empty
 * query, or one the catalogue refuses (too long, say): the page is then the bare one.
 */
export async function searchFirstScreen(
  search: string,
  answer: CatalogueAnswer,
): Promise<FirstScreenMarkup | undefined> {
  const query = queryOf(search).trim();
  if (query === '') return undefined;
  const request = wholeSearchRequest(query);
  const body = (await answer(request)) as SearchPage | undefined;
  if (!body || !Array.isArray(body.groups)) return undefined;
  const data: FirstScreen = {
    baseUrl: EMBEDDED_CATALOGUE.baseUrl,
    answers: { [requestKey(request.path, request.query)]: body },
  };
  // The results view shows the groups with titles, in order; its first card is the page's largest paint.
  const art = body.groups.flatMap((group) => group.titles).find((title) => title.backdrop_path)?.backdrop_path;
  return {
    key: `search ${query}`,
    early: artPreload(art ? imageCandidates(EMBEDDED_CATALOGUE.imageBase, art, 'backdrop') : undefined),
    head: dataBlock(data),
    fromVisitor: true,
  };
}
