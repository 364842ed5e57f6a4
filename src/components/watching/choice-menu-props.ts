import type { ComponentPropsWithRef, ComponentType, ReactNode } from 'react';

// Apart from ChoiceMenu.tsx, so that its lazily loaded half (ChoiceMenuParts.tsx) imports no file that imports it.

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
  TriggerButton: ComponentType<ComponentPropsWithRef<'button'>>;
}
