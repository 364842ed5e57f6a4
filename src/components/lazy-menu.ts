import {
  type ComponentType,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

import type { ChunkLoader } from '../chunk-loader';
import { whenIdle } from '../when-idle';
import { useOpenState } from './use-open-state';

/**
 * A menu whose Radix parts are a chunk of their own, so that the top bar's menus stay out of every
 * signed-in page's first load (docs/decisions.md, "Lazy menus and the signed-in chunks").
 */
export type MenuLoader<P> = ChunkLoader<ComponentType<P>>;

/** What the loaded menu gets from useLazyMenu, besides its own props. */
export interface LoadedMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** For DropdownMenu.Content's onFocus: a key pressed before the menu loaded focuses its first item. */
  onContentFocus: (event: FocusEvent<HTMLElement>) => void;
}

export interface LazyMenuOptions {
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
}

const OPENING_KEYS = ['Enter', ' ', 'ArrowDown'];

/**
 * The state of a lazily loaded menu button. Until its menu has loaded, the page shows a plain
 * button (`fallback`: the same name, aria-haspopup and aria-expanded) that starts the download when
 * the pointer comes near or focus arrives, and at idle after the first paint. A press of it (pointer,
 * or Enter, Space, ArrowDown as Radix's trigger takes them) opens the menu as soon as it is there,
 * a key with focus on the first item as Radix does. The button that replaces the plain one takes
 * the focus it had. `triggerRef` goes on both buttons; `forwardedRef` reaches the one shown.
 */
export function useLazyMenu<P>(
  loader: MenuLoader<P>,
  { open, defaultOpen, onOpenChange }: LazyMenuOptions,
  forwardedRef: Ref<HTMLButtonElement>,
) {
  const [Menu, setMenu] = useState(() => loader.current);
  const [isOpen, setOpen] = useOpenState({ open, defaultOpen, onOpenChange });

  const button = useRef<HTMLButtonElement | null>(null);
  const openedByKey = useRef(false);
  const refocus = useRef(false);

  // Asks the loader even when it already holds the menu: another instance may have downloaded it
  // after this one mounted, and this one shows the plain button until it is told.
  const load = useCallback(() => {
    void loader.preload().then((menu) => {
      if (!menu) return;
      refocus.current = button.current !== null && document.activeElement === button.current;
      setMenu(() => menu);
    });
  }, [loader]);

  // An open menu is wanted now; a closed one at the first idle moment after the first paint.
  useEffect(() => {
    if (Menu) return;
    if (isOpen) load();
    else whenIdle(load);
  }, [Menu, isOpen, load]);

  // The loaded menu's button replaced the plain one: it takes over the focus.
  useLayoutEffect(() => {
    if (Menu && refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [Menu]);

  // The caller's ref follows whichever button is there.
  useImperativeHandle(forwardedRef, () => button.current as HTMLButtonElement);

  const openBeforeLoad = (byKey: boolean) => {
    openedByKey.current = byKey;
    if (!isOpen) setOpen(true);
    load();
  };

  const fallback = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': isOpen,
    'data-state': isOpen ? 'open' : 'closed',
    onPointerEnter: load,
    onFocus: load,
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.button === 0 && !event.ctrlKey) openBeforeLoad(false);
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      if (!OPENING_KEYS.includes(event.key)) return;
      event.preventDefault();
      openBeforeLoad(true);
    },
  };

  const onContentFocus = useCallback((event: FocusEvent<HTMLElement>) => {
    if (!openedByKey.current || event.target !== event.currentTarget) return;
    openedByKey.current = false;
    // Radix moves focus from the opened menu to its first item only for a key it saw itself; this
    // one came before it loaded. Prevented, so that Radix's own handler leaves it be.
    event.preventDefault();
    event.currentTarget
      .querySelector<HTMLElement>('[role="menuitem"]:not([data-disabled])')
      ?.focus({ preventScroll: true });
  }, []);

  const menuProps: LoadedMenuProps = { open: isOpen, onOpenChange: setOpen, onContentFocus };
  return { Menu, menuProps, fallback, triggerRef: button };
}
