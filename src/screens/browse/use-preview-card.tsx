import { useSelector } from '@xstate/react';
import { type ReactNode, useCallback, useContext, useEffect, useMemo } from 'react';

import { PreviewCard } from '../../components/browse/PreviewCard';
import type { TitleRowItem, TitleRowProps } from '../../components/browse/TitleRow';
import { mediaTypeOf } from '../../machines/browse/title';
import { certificationOf, genreNames, lengthText } from '../../machines/browse/title-details';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { providePreviewCard } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { OpenPreviewsContext } from './open-preview';

/** What a page gives its rows' preview cards: where Play goes, and the profile's My List button. */
export interface PreviewWiring {
  onPlay: (title: Title) => void;
  renderMyList?: (title: Title, mediaType: MediaType) => ReactNode;
}

/** The preview art is half as wide again as a backdrop card (TitleRow's widths). */
const PREVIEW_SIZES = '(min-width: 1280px) 534px, (min-width: 744px) 453px, 374px';

type PreviewProps<T extends TitleRowItem> = Pick<
  TitleRowProps<T>,
  'preview' | 'renderPreview' | 'onPreviewRequest' | 'onPreviewCancel'
>;

/**
 * Preview cards for one row: spread the answer onto a TitleRow. `titleOf` finds the title behind
 * a card's key; without `wiring` the row has no previews. Each row runs its own small machine
 * (docs: src/machines/browse/preview-card.machine.ts), so rows on any page can reuse this.
 */
export function usePreviewCard<T extends TitleRowItem>(
  titleOf: (key: string) => Title | undefined,
  wiring: PreviewWiring | undefined,
): PreviewProps<T> {
  const catalogue = useCatalogue();
  const logic = useMemo(() => providePreviewCard(catalogue), [catalogue]);
  const actor = useInspectedActorRef(logic);
  const key = useSelector(actor, (s) => (s.matches('open') ? (s.context.target?.key ?? null) : null));
  const focus = useSelector(actor, (s) => s.context.viaKeyboard);
  const status = useSelector(actor, (s): 'loading' | 'ready' | 'error' =>
    s.hasTag('error') ? 'error' : s.matches({ open: 'ready' }) ? 'ready' : 'loading',
  );
  const details = useSelector(actor, (s) => (s.context.target ? s.context.details[s.context.target.key] : undefined));
  const error = useSelector(actor, (s) => s.context.error);
  const preview = useMemo(() => (key === null ? null : { key, focus }), [key, focus]);

  // One preview in the whole page: this row's opening closes any other row's.
  const openPreviews = useContext(OpenPreviewsContext);
  useEffect(() => {
    const membership = openPreviews.join(() => {
      if (!actor.getSnapshot().matches('idle')) actor.send({ type: 'preview.cancel' });
    });
    let wasOpen = false;
    const subscription = actor.subscribe((snapshot) => {
      const open = snapshot.matches('open');
      if (open && !wasOpen) membership.opened();
      wasOpen = open;
    });
    return () => {
      subscription.unsubscribe();
      membership.leave();
    };
  }, [actor, openPreviews]);

  const onPreviewRequest = useCallback(
    (itemKey: string, via: 'pointer' | 'keyboard') => {
      const title = titleOf(itemKey);
      if (!title) return;
      actor.send({
        type: via === 'pointer' ? 'preview.hover' : 'preview.show',
        key: itemKey,
        title,
        mediaType: mediaTypeOf(title),
      });
    },
    [actor, titleOf],
  );
  const onPreviewCancel = useCallback(() => actor.send({ type: 'preview.cancel' }), [actor]);

  if (!wiring) return {};
  const renderPreview: TitleRowProps<T>['renderPreview'] = (item, { moreInfo }) => {
    const title = titleOf(item.key);
    if (!title) return null;
    const image = title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'backdrop') : null;
    return (
      <PreviewCard
        title={item.title}
        image={image && { ...image, sizes: PREVIEW_SIZES }}
        status={status}
        maturity={details ? certificationOf(details) : null}
        length={details ? lengthText(details) : undefined}
        genres={details ? genreNames(details) : []}
        errorMessage={error ?? undefined}
        onRetry={() => actor.send({ type: 'preview.retry' })}
        onPlay={() => {
          actor.send({ type: 'preview.cancel' });
          wiring.onPlay(title);
        }}
        onMoreInfo={moreInfo}
        myList={wiring.renderMyList?.(title, mediaTypeOf(title))}
      />
    );
  };
  return { preview, renderPreview, onPreviewRequest, onPreviewCancel };
}
