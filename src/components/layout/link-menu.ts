import { chunkLoader } from '../../chunk-loader';

/**
 * The Radix half of a menu of links (SectionNavMenu.tsx): the top bar's Browse menu and the section
 * pages' Genres menu share it, one chunk downloaded once for both.
 */
export const linkMenu = chunkLoader(() => import('./SectionNavMenu').then((parts) => parts.SectionNavMenu));
