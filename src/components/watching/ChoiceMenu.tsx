import { chunkLoader } from '../../chunk-loader';
import { useLazyMenu } from '../lazy-menu';
import type { ChoiceMenuProps } from './choice-menu-props';

const dropdown = chunkLoader(() => import('./ChoiceMenuParts').then((parts) => parts.ChoiceMenuDropdown));

/** Downloads the menu's Radix half ahead of time (stories' loaders; the menu does it itself at idle). */
export const preloadChoiceMenu = () => dropdown.preload();

/**
 * A menu of mutually exclusive choices (quality, subtitles): a Radix DropdownMenu with radio
 * items (ChoiceMenuParts.tsx), loaded on first use or at idle so that it is not in the player's
 * first load; the button is there from the start. Rendered in place, not in a portal, so it stays
 * inside the player's landmark; not modal, as the menu button pattern has it.
 */
export function ChoiceMenu({
  trigger,
  triggerLabel,
  open,
  defaultOpen,
  onOpenChange,
  TriggerButton,
  ...props
}: ChoiceMenuProps) {
  const { Menu, menuProps, fallback, triggerRef } = useLazyMenu(dropdown, { open, defaultOpen, onOpenChange }, null);
  const button = (
    <TriggerButton {...(Menu ? {} : fallback)} ref={triggerRef} aria-label={triggerLabel}>
      {trigger}
    </TriggerButton>
  );
  return Menu ? <Menu {...props} {...menuProps} trigger={button} /> : button;
}
