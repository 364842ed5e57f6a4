import { createContext } from 'react';

import type { CatalogueService } from '../../services/catalogue/catalogue.port';
import { useRequiredContext } from '../required-context';

/** The live catalogue in the app; a fake in screen stories. */
export const CatalogueContext = createContext<CatalogueService | null>(null);

export function useCatalogue(): CatalogueService {
  return useRequiredContext(CatalogueContext, 'CatalogueContext');
}
