import { useMemo, useRef } from 'react';
import { useLocation } from 'wouter';

import { MyListPage } from '../../components/watching/MyListPage';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { provideBrowse } from '../browse/browse-logic';
import { useCatalogue } from '../browse/catalogue-context';
import { TitleDetails } from '../browse/TitleDetails';
import { useInspectedActorRef } from '../inspect-context';
import { useProfileControls } from './profile-controls';
import { MyListContext } from './watching-actors';
import { playTargetOf, titleOfSaved, watchPath } from './watching-links';

/** "/my-list": the profile's My List as a grid; a card opens the title's detail view. */
export default function MyListScreen() {
  const catalogue = useCatalogue();
  const [, navigate] = useLocation();
  const profileControls = useProfileControls();
  const logic = useMemo(() => provideBrowse(catalogue), [catalogue]);
  const modal = useInspectedActorRef(logic.detailModal);
  const opener = useRef<HTMLElement | null>(null);
  const actor = MyListContext.useActorRef();
  // Without an active profile there is no list: the page shows the empty one.
  const status = MyListContext.useSelector((s) =>
    s.matches('loaded') || s.matches('idle') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = MyListContext.useSelector((s) => s.context.items);
  const error = MyListContext.useSelector((s) => s.context.error);

  const openTitle = (title: Title, mediaType: MediaType) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    modal.send({ type: 'modal.open', title: { ...title, media_type: mediaType } });
  };

  return (
    <>
      <MyListPage
        status={status}
        items={titles.map((item) => ({
          key: item.key,
          title: item.title,
          image: item.backdrop_path ? catalogue.imageSources(item.backdrop_path, 'backdrop') : null,
        }))}
        errorMessage={error ?? undefined}
        onRetry={() => actor.send({ type: 'myList.retry' })}
        onOpen={(key) => {
          const item = titles.find((candidate) => candidate.key === key);
          if (item) openTitle(titleOfSaved(item), item.media_type);
        }}
        homeHref="/"
        onHome={() => navigate('/')}
      />
      <TitleDetails
        actor={modal}
        openerRef={opener}
        onPlay={(target) => navigate(watchPath(playTargetOf(target)))}
        profileControls={profileControls}
      />
    </>
  );
}
