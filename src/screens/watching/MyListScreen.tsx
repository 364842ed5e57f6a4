import { useLocation } from 'wouter';

import { MyListPage } from '../../components/watching/MyListPage';
import { useCatalogue } from '../browse/catalogue-context';
import { useOpenTitle } from '../browse/open-title';
import { MyListContext } from './watching-actors';
import { titleOfSaved } from './watching-links';

/** "/my-list": the profile's My List as a grid; a card opens the title's detail view. */
export default function MyListScreen() {
  const catalogue = useCatalogue();
  const [, navigate] = useLocation();
  const openTitle = useOpenTitle();
  const actor = MyListContext.useActorRef();
  // Without an active profile there is no list: the page shows the empty one.
  const status = MyListContext.useSelector((s) =>
    s.matches('loaded') || s.matches('idle') ? 'ready' : s.matches('failed') ? 'error' : 'loading',
  );
  const titles = MyListContext.useSelector((s) => s.context.items);
  const error = MyListContext.useSelector((s) => s.context.error);

  return (
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
  );
}
