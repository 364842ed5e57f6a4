import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactElement } from 'react';

import type { LoadedMenuProps } from '../lazy-menu';
import { styled } from '../stitches.config';
import type { Choice } from './choice-menu-props';

// ChoiceMenu's Radix half, a chunk of its own that ChoiceMenu loads when it is wanted
// (docs/decisions.md, "Lazy menus and the signed-in chunks").

const Content = styled(DropdownMenu.Content, {
  zIndex: '$overlay',
  minWidth: '180px',
  padding: '$2 0',
  backgroundColor: 'rgba(20, 20, 20, 0.95)',
  border: '1px solid rgba(255, 255, 255, 0.15)',
  borderRadius: '$2',
  color: '$text',
  fontFamily: '$body',
  fontSize: '$2',
});

const Label = styled(DropdownMenu.Label, { padding: '$2 $4', color: '$textMuted', fontSize: '$1' });

const Item = styled(DropdownMenu.RadioItem, {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  padding: '$2 $4 $2 $6',
  position: 'relative',
  cursor: 'pointer',
  outline: 'none',
  userSelect: 'none',
  '&[data-highlighted]': { backgroundColor: 'rgba(255, 255, 255, 0.12)' },
});

const Check = styled(DropdownMenu.ItemIndicator, { position: 'absolute', left: '$3' });

export interface ChoiceMenuDropdownProps extends LoadedMenuProps {
  label: string;
  choices: readonly Choice[];
  value: string;
  onValueChange: (value: string) => void;
  /** ChoiceMenu's button, the same as before this loaded: Radix's trigger takes it as its child. */
  trigger: ReactElement;
}

/** The loaded choice menu: a Radix DropdownMenu with radio items, in place and not modal (see ChoiceMenu). */
export function ChoiceMenuDropdown({
  label,
  choices,
  value,
  onValueChange,
  trigger,
  open,
  onOpenChange,
  onContentFocus,
}: ChoiceMenuDropdownProps) {
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>{trigger}</DropdownMenu.Trigger>
      <Content side="top" align="end" sideOffset={8} aria-label={label} onFocus={onContentFocus}>
        <Label>{label}</Label>
        <DropdownMenu.RadioGroup value={value} onValueChange={onValueChange}>
          {choices.map((choice) => (
            <Item key={choice.value} value={choice.value}>
              <Check aria-hidden="true">✓</Check>
              {choice.label}
            </Item>
          ))}
        </DropdownMenu.RadioGroup>
      </Content>
    </DropdownMenu.Root>
  );
}
