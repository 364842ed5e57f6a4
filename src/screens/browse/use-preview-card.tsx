import { useSelector } from '@xstate/react';
import { useCallback, useContext, useEffect, useMemo, useState } from 'react';

import { chunkLoader } from '../../chunk-loader';
import type { TitleRowItem, TitleRowProps } from '../../components/browse/TitleRow';
import { mediaTypeOf } from '../../machines/browse/title';
import type { Title } from '../../services/catalogue/catalogue.port';
import { whenIdle } from '../../when-idle';
import { useInspectedActorRef } from '../inspect-context';
import { providePreviewCard } from './browse-logic';
import { useCatalogue } from './catalogue-context';
import { OpenPreviewsContext } from './open-preview';

/** What a page gives its rows' preview cards: where Play goes, and whether they carry the profile's My List button. */
export interface PreviewWiring {
  onPlay: (title: Title) => void;
  myList?: boolean;
}

// The card's content is a chunk of its own (with the My List button): loaded at idle after the
// first paint, or at the first preview asked for. Until it is there (or after a failed download,
// retried at the next preview) an open preview shows nothing; the row focuses its content once it comes.
const content = chunkLoader(() => import('./preview-card-content').then((parts) => parts.PreviewCardContent));

function usePreviewContent() {
  const [Content, setContent] = useState(() => content.current);
  const load = useCallback(() => {
    void content.preload().then((loaded) => loaded && setContent(() => loaded));
  }, []);
  useEffect(() => {
    if (!Content) whenIdle(load);
  }, [Content, load]);
  return { Content, load };
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
  const { Content, load } = usePreviewContent();

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
      load();
      actor.send({
        type: via === 'pointer' ? 'preview.hover' : 'preview.show',
        key: itemKey,
        title,
        mediaType: mediaTypeOf(title),
      });
    },
    [actor, titleOf, load],
  );
  const onPreviewCancel = useCallback(() => actor.send({ type: 'preview.cancel' }), [actor]);

  if (!wiring) return {};
  const renderPreview: TitleRowProps<T>['renderPreview'] = (item, { moreInfo }) => {
    const title = titleOf(item.key);
    if (!title || !Content) return null;
    const image = title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'backdrop') : null;
    return (
      <Content
        title={item.title}
        shown={title}
        image={image && { ...image, sizes: PREVIEW_SIZES }}
        status={status}
        details={details}
        errorMessage={error ?? undefined}
        onRetry={() => actor.send({ type: 'preview.retry' })}
        onPlay={() => {
          actor.send({ type: 'preview.cancel' });
          wiring.onPlay(title);
        }}
        onMoreInfo={moreInfo}
        myList={wiring.myList === true}
      />
    );
  };
  return { preview, renderPreview, onPreviewRequest, onPreviewCancel };
}
