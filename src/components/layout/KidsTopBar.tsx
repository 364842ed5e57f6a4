import { Button } from '../Button';
import { TopBar, type TopBarProps } from './TopBar';

export interface KidsTopBarProps extends Omit<TopBarProps, 'mark' | 'scrollsAway'> {
  /** "Exit Kids": the screen goes to Who's Watching, where a locked profile asks its PIN. */
  onExitKids: () => void;
}

/**
 * A kids profile's top bar, as the real service's: the logo with its "Kids" mark, the kids'
 * sections, search and a profile menu that only switches profiles (the screen gives it no Account
 * or Sign Out), and "Exit Kids".
 */
export function KidsTopBar({ onExitKids, children, ...props }: KidsTopBarProps) {
  return (
    <TopBar {...props} mark="Kids">
      {children}
      <Button tone="secondary" size="sm" css={{ flexShrink: 0, whiteSpace: 'nowrap' }} onClick={onExitKids}>
        Exit Kids
      </Button>
    </TopBar>
  );
}
