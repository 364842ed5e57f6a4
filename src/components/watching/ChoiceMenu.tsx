import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';

import { styled } from '../stitches.config';

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

export interface Choice {
  value: string;
  label: string;
}

export interface ChoiceMenuProps {
  /** The menu's name, e.g. "Quality". */
  label: string;
  choices: readonly Choice[];
  value: string;
  onValueChange: (value: string) => void;
  /** The trigger's content (an icon); it is named by `triggerLabel`. */
  trigger: ReactNode;
  triggerLabel: string;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The trigger button's own component, so it looks like the other controls. */
  TriggerButton: React.ComponentType<React.ComponentPropsWithRef<'button'>>;
}

/**
 * A menu of mutually exclusive choices (quality, subtitles): a Radix DropdownMenu with radio
 * items. Rendered in place, not in a portal, so it stays inside the player's landmark; not modal,
 * as the menu button pattern has it.
 */
export function ChoiceMenu({
  label,
  choices,
  value,
  onValueChange,
  trigger,
  triggerLabel,
  open,
  defaultOpen,
  onOpenChange,
  TriggerButton,
}: ChoiceMenuProps) {
  return (
    <DropdownMenu.Root modal={false} open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger asChild>
        <TriggerButton aria-label={triggerLabel}>{trigger}</TriggerButton>
      </DropdownMenu.Trigger>
      <Content side="top" align="end" sideOffset={8} aria-label={label}>
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
