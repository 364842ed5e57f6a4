import { useMemo } from 'react';

import { TitleRow } from '../../components/browse/TitleRow';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { useBeneath } from '../browse/beneath-title';
import { useCatalogue } from '../browse/catalogue-context';
import { MyListContext } from './watching-actors';
import { titleOfSaved } from './watching-links';

export interface MyListHomeRowProps {
  onOpenTitle: (title: Title, mediaType: MediaType) => void;
}

/** Home's My List row: shown once the profile's list is read and has titles (or with a retry when it could not be read). */
export function MyListHomeRow({ onOpenTitle }: MyListHomeRowProps) {
  const catalogue = useCatalogue();
  // Under a title's detail view opened by its address: nothing until the view closes (beneath-title.ts).
  const covered = !useBeneath().shown;
  const actor = MyListContext.useActorRef();
  const status = MyListContext.useSelector((s) =>
    s.matches('loaded') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = MyListContext.useSelector((s) => s.context.items);
  const error = MyListContext.useSelector((s) => s.context.error);
  const items = useMemo(
    () =>
      titles.map((item) => ({
        key: item.key,
        title: item.title,
        image: item.backdrop_path ? catalogue.imageSources(item.backdrop_path, 'backdrop') : null,
        poster: item.poster_path ? catalogue.imageSources(item.poster_path, 'poster') : null,
      })),
    [titles, catalogue],
  );

  if (covered || status === 'loading' || (status === 'ready' && items.length === 0)) return null;
  return (
    <TitleRow
      heading="My List"
      variant="backdrop"
      posterOnPhones
      status={status}
      items={items}
      errorMessage={error ?? undefined}
      onRetry={() => actor.send({ type: 'myList.retry' })}
      onOpen={(key) => {
        const item = titles.find((candidate) => candidate.key === key);
        if (item) onOpenTitle(titleOfSaved(item), item.media_type);
      }}
    />
  );
}
