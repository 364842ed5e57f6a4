import { createContext } from 'react';

import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useRequiredContext } from '../required-context';

/** Opens a title's detail view over the current page, at the title's own address. */
export type OpenTitle = (title: Title, mediaType?: MediaType) => void;

/** Provided once by the signed-in routes (TitleOverlay.tsx); a page's cards call it. */
export const OpenTitleContext = createContext<OpenTitle | null>(null);

export function useOpenTitle(): OpenTitle {
  return useRequiredContext(OpenTitleContext, 'OpenTitleContext');
}
