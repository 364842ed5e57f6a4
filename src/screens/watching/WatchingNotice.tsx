import { Notice } from '../../components/feedback/Notice';
import { ContinueWatchingContext, MyListContext } from './watching-actors';

/**
 * Why a My List or Continue Watching change was rolled back, under the top bar until dismissed
 * (the newest kind first: a My List refusal, else a Continue Watching one).
 */
export function WatchingNotice() {
  const myList = MyListContext.useActorRef();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const listNotice = MyListContext.useSelector((s) => s.context.notice);
  const progressNotice = ContinueWatchingContext.useSelector((s) => s.context.notice);
  return listNotice ? (
    <Notice message={listNotice} onDismiss={() => myList.send({ type: 'myList.dismissNotice' })} />
  ) : (
    <Notice
      message={progressNotice}
      onDismiss={() => continueWatching.send({ type: 'continueWatching.dismissNotice' })}
    />
  );
}
