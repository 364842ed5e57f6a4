import { useSelector } from '@xstate/react';
import { type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';

import { isPlayerAddress, type PlayItem } from '../../../shared/web/player-address';
import { Notice } from '../../components/feedback/Notice';
import { mediaTypeOf } from '../../machines/browse/title';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { useProfileControls } from '../watching/profile-controls';
import { useCatalogue } from './catalogue-context';
import { provideDetailModal } from './detail-logic';
import { focusWhenBack, trailOf } from './opener-trail';
import type { TitleAddress } from './title-address';
import { TitleDetails } from './TitleDetails';

const sameTitle = (title: Title | null | undefined, mediaType: MediaType, id: number) =>
  !!title && title.id === id && mediaTypeOf(title) === mediaType;

export interface TitleDetailsHostProps {
  /** The title at the address, or null once the address is a page again. */
  address: TitleAddress | null;
  /** The title a card handed over with its address, so the view opens at once without a fetch. */
  handedOverRef: RefObject<Title | null>;
  openerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  onOpenSimilar: (title: Title) => void;
  onPlay: (target: PlayItem) => void;
  /** The view is up: open on its title, or saying the address names none. */
  onShown?: () => void;
}

/**
 * The detail view's live half, a chunk of its own with the view (TitleOverlay.tsx mounts it at the
 * first title address, or preloads it at idle): its machine follows the address, and the profile's
 * controls (Resume, My List) come with it, so no page's first load carries any of them.
 */
export function TitleDetailsHost({
  address,
  handedOverRef,
  openerRef,
  onClose,
  onOpenSimilar,
  onPlay,
  onShown,
}: TitleDetailsHostProps) {
  const catalogue = useCatalogue();
  const logic = useMemo(() => provideDetailModal(catalogue), [catalogue]);
  const modal = useInspectedActorRef(logic);
  const profileControls = useProfileControls();
  const notFound = useSelector(modal, (s) => (s.matches('notFound') ? s.context.error : null));
  const shown = useSelector(modal, (s) => s.matches('open') || s.matches('notFound'));
  useEffect(() => {
    if (shown) onShown?.();
  }, [shown, onShown]);

  // Where focus goes when the view closes: the opener, or, when its page was rendered afresh
  // (Play, then back), the same card in the new page, once its row shows it.
  const stopWaiting = useRef<() => void>(() => {});
  useEffect(() => () => stopWaiting.current(), []);
  const returnFocusTo = useCallback((): HTMLElement | null => {
    stopWaiting.current();
    const opener = openerRef.current;
    if (!opener || opener.isConnected) return opener;
    // Closed because the player opened: its page takes focus, nothing to find.
    if (isPlayerAddress(window.location.pathname)) return null;
    stopWaiting.current = focusWhenBack(trailOf(opener));
    return null;
  }, [openerRef]);

  const mediaType = address?.mediaType;
  const id = address?.id;
  useEffect(() => {
    const snapshot = modal.getSnapshot();
    if (!mediaType || !id) {
      if (!snapshot.matches('closed')) modal.send({ type: 'modal.close' });
      return;
    }
    if (snapshot.matches('open') && sameTitle(snapshot.context.title, mediaType, id)) return;
    const handedOver = handedOverRef.current;
    const title = sameTitle(handedOver, mediaType, id) ? handedOver : null;
    if (!title) modal.send({ type: 'modal.find', mediaType, id });
    else if (snapshot.matches('open')) modal.send({ type: 'similar.open', title });
    else modal.send({ type: 'modal.open', title });
  }, [modal, mediaType, id, handedOverRef]);

  return (
    <>
      <TitleDetails
        actor={modal}
        returnFocusTo={returnFocusTo}
        onClose={onClose}
        onOpenSimilar={onOpenSimilar}
        onPlay={onPlay}
        profileControls={profileControls}
      />
      <Notice message={address && notFound ? `We couldn't open that title. ${notFound}` : null} onDismiss={onClose} />
    </>
  );
}
