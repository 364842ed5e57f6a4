import { useMemo } from 'react';
import { useLocation } from 'wouter';

import { playAddress, type PlayItem } from '../../../shared/web/player-address';
import { mediaTypeOf } from '../../machines/browse/title';
import { provideBrowse } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { useOpenTitle } from './open-title';
import type { PreviewWiring } from './use-preview-card';

/**
 * What a home (the full one and a kids profile's) hands its hero and rows: their machines over
 * the live catalogue, opening a title, playing one, and the rows' preview cards (Play goes to the
 * player page, a series from its start; My List is the profile's).
 */
export function useHomeWiring() {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const openTitle = useOpenTitle();
  const [, navigate] = useLocation();
  const play = (item: PlayItem) => navigate(playAddress(item));
  const previews: PreviewWiring = {
    onPlay: (title) => play({ kind: mediaTypeOf(title), id: title.id }),
    myList: true,
  };
  return { logic, openTitle, play, previews };
}
