import { MAX_STORED_TITLE_LENGTH, titleKey } from '../../../shared/watching/watching-rules';
import { MyListButton, type MyListButtonProps } from '../../components/watching/MyListButton';
import { displayName } from '../../machines/browse/title';
import { isChanging, isInList } from '../../machines/watching/my-list.machine';
import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { MyListContext } from './watching-actors';

export interface MyListToggleProps extends Pick<MyListButtonProps, 'size'> {
  title: Title;
  mediaType: MediaType;
  /** Put the title's name in the button's accessible name (cards in a grid); the detail view needs not. */
  named?: boolean;
}

/**
 * The My List button for one title, wired to the profile's shared My List actor: for the detail
 * view and the preview cards. Unavailable until the profile's list has loaded.
 */
export function MyListToggle({ title, mediaType, named = false, size }: MyListToggleProps) {
  const actor = MyListContext.useActorRef();
  const key = titleKey(mediaType, title.id);
  const ready = MyListContext.useSelector((s) => s.matches('loaded'));
  const inList = MyListContext.useSelector((s) => isInList(s.context, key));
  const busy = MyListContext.useSelector((s) => isChanging(s.context, key));
  const name = displayName(title);
  return (
    <MyListButton
      size={size}
      inList={inList}
      status={busy ? 'busy' : 'idle'}
      disabled={!ready}
      titleName={named ? name : undefined}
      onToggle={() =>
        actor.send({
          type: 'myList.toggle',
          item: {
            media_type: mediaType,
            id: title.id,
            title: name.slice(0, MAX_STORED_TITLE_LENGTH),
            backdrop_path: title.backdrop_path,
            poster_path: title.poster_path,
          },
        })
      }
    />
  );
}
