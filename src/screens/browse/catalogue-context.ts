import { createContext, useContext } from 'react';

import type { CatalogueService } from '../../services/catalogue/catalogue.port';

/** The live catalogue in the app; a fake in screen stories. */
export const CatalogueContext = createContext<CatalogueService | null>(null);

export function useCatalogue(): CatalogueService {
  const catalogue = useContext(CatalogueContext);
  if (!catalogue) throw new Error('useCatalogue needs a CatalogueContext provider');
  return catalogue;
}
