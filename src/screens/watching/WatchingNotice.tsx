import { Notice } from '../../components/feedback/Notice';
import { ContinueWatchingContext, MyListContext } from './watching-actors';

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

/**
 * Why a My List or Continue Watching change was rolled back, under the top bar until dismissed
 * (a My List refusal first, then a Continue Watching one).
 */
export function WatchingNotice() {
  const myList = useMyListNotice();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const progressNotice = ContinueWatchingContext.useSelector((s) => s.context.notice);
  return myList.notice ? (
    <Notice message={myList.notice} onDismiss={myList.dismiss} />
  ) : (
    <Notice
      message={progressNotice}
      onDismiss={() => continueWatching.send({ type: 'continueWatching.dismissNotice' })}
    />
  );
}
