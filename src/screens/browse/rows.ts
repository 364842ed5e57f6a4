import { BRAND } from '../../brand';
import type { RowId } from '../../services/catalogue/catalogue.port';

/** docs/spec.md §2's row headings; the brand names the originals row (docs/decisions.md). */
export const ROW_HEADINGS: Record<RowId, string> = {
  originals: `${BRAND.toUpperCase()} ORIGINALS`,
  trending: 'Trending Now',
  topRated: 'Top Rated',
  action: 'Action Movies',
  comedy: 'Comedy Movies',
  horror: 'Horror Movies',
  romance: 'Romance Movies',
  documentaries: 'Documentaries',
};

/** The originals row shows large posters; the others backdrops (docs/spec.md §2). */
export const rowVariant = (row: RowId) => (row === 'originals' ? 'poster' : 'backdrop');
