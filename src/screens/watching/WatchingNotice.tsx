import { Notice } from '../../components/feedback/Notice';
import { ContinueWatchingContext, MyListContext, RatingsContext } from './watching-actors';

/**
 * Why the last My List change was rolled back (null when none), and how to dismiss it. For a
 * view that covers the page, such as the detail modal, which shows it inside itself: the page's
 * WatchingNotice is under the modal's overlay and hidden from assistive technology while it is open.
 */
export function useMyListNotice(): { notice: string | null; dismiss: () => void } {
  const actor = MyListContext.useActorRef();
  const notice = MyListContext.useSelector((s) => s.context.notice);
  return { notice, dismiss: () => actor.send({ type: 'myList.dismissNotice' }) };
}

/** Why the last rating was put back (null when none), and how to dismiss it; shown as My List's is. */
export function useRatingsNotice(): { notice: string | null; dismiss: () => void } {
  const actor = RatingsContext.useActorRef();
  const notice = RatingsContext.useSelector((s) => s.context.notice);
  return { notice, dismiss: () => actor.send({ type: 'ratings.dismissNotice' }) };
}

/**
 * Why a My List, rating or Continue Watching change was rolled back, under the top bar until
 * dismissed (in that order).
 */
export function WatchingNotice() {
  const myList = useMyListNotice();
  const ratings = useRatingsNotice();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const progressNotice = ContinueWatchingContext.useSelector((s) => s.context.notice);
  if (ratings.notice && !myList.notice) return <Notice message={ratings.notice} onDismiss={ratings.dismiss} />;
  return myList.notice ? (
    <Notice message={myList.notice} onDismiss={myList.dismiss} />
  ) : (
    <Notice
      message={progressNotice}
      onDismiss={() => continueWatching.send({ type: 'continueWatching.dismissNotice' })}
    />
  );
}
