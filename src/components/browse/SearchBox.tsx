import type { FocusEvent, KeyboardEvent } from 'react';

import { Button } from '../Button';
import { config, styled } from '../stitches.config';
import { CrossIcon, StrokeIcon } from '../stroke-icon';

/**
 * Whether the window is wide enough for the top bar's box to expand in place. Narrower (phones, up
 * to 639 px: beside the logo, Browse and the profile menu the box would cover them) the icon leads
 * to the search page instead (docs/decisions.md).
 */
export const searchBoxFitsTopBar = () => window.matchMedia(config.media.searchInTopBar).matches;

const OpenButton = styled(Button, {
  display: 'inline-flex',
  padding: '$1',
  variants: {
    // Beside an open box the icon is for phones only, where the box itself does not fit.
    phoneOnly: { true: { '@searchInTopBar': { display: 'none' } } },
  },
});

const Box = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  height: '36px',
  padding: '0 $1 0 $2',
  border: '1px solid $text',
  backgroundColor: 'rgba(0, 0, 0, 0.75)',
  color: '$text',
  // The ring goes round the whole box; the input inside it has none of its own.
  '&:has(input:focus-visible)': { outline: '2px solid $focus', outlineOffset: '2px' },
  variants: {
    placement: {
      // In the top bar, from 640 px up; narrower than 280 px where the section links leave less
      // room (the top bar's start does not shrink under its links then, TopBar.tsx).
      topBar: { display: 'none', width: 'min(60vw, 280px)', '@searchInTopBar': { display: 'flex' } },
      // At the top of the search page, full width, on phones only (the top bar's box shows wider).
      page: { width: '100%', height: '44px', '@searchInTopBar': { display: 'none' } },
    },
  },
  defaultVariants: { placement: 'topBar' },
});

const Input = styled('input', {
  flex: 1,
  minWidth: 0,
  height: '100%',
  padding: 0,
  border: 0,
  outline: 'none',
  backgroundColor: 'transparent',
  color: '$text',
  fontFamily: '$body',
  fontSize: '14px',
  '&::placeholder': { color: '$textMuted' },
  // Our own X clears; the browser's built-in one would be a second, unlabelled control.
  '&::-webkit-search-cancel-button': { display: 'none' },
});

const ClearButton = styled('button', {
  all: 'unset',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  borderRadius: '$2',
  cursor: 'pointer',
  '&:hover': { backgroundColor: 'rgba(255, 255, 255, 0.15)' },
  '&:focus-visible': { outline: '2px solid $focus', outlineOffset: '0' },
});

const SearchIcon = ({ size }: { size: number }) => (
  <StrokeIcon size={size} weight={2.2}>
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L21 21" />
  </StrokeIcon>
);

export interface SearchBoxProps {
  /** The top bar's icon-that-expands, or the search page's own box on phones. */
  placement?: 'topBar' | 'page';
  /** In the top bar: expanded. The page's box is always open. */
  open: boolean;
  value: string;
  /** The search icon was pressed. */
  onOpen?: () => void;
  onValueChange: (value: string) => void;
  /** The X, or Escape in the box. */
  onClear: () => void;
  /** Focus left the box while it was empty (docs/spec.md §4: the box then closes). */
  onBlurEmpty?: () => void;
  /** The input's id, so that the top bar's icon can bring focus to the page's box. */
  inputId?: string;
}

/**
 * Search (docs/spec.md §2, docs/decisions.md): in the top bar an icon that expands into a text box
 * with an X to clear it, from 640 px up; on phones the icon stays an icon, and the search page has
 * a full-width box of its own (`placement="page"`).
 */
export function SearchBox({
  placement = 'topBar',
  open,
  value,
  onOpen,
  onValueChange,
  onClear,
  onBlurEmpty,
  inputId,
}: SearchBoxProps) {
  const icon = (phoneOnly: boolean) => (
    <OpenButton tone="link" aria-label="Search" onClick={onOpen} phoneOnly={phoneOnly}>
      <SearchIcon size={24} />
    </OpenButton>
  );
  if (placement === 'topBar' && !open) return icon(false);

  // Focus moving from the input to the X stays inside the box, so it is not a blur of the search.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (value === '' && !event.currentTarget.contains(event.relatedTarget)) onBlurEmpty?.();
  };

  const escape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // The browser would clear a search field itself; the caller owns the value.
    event.preventDefault();
    onClear();
  };

  return (
    <>
      {placement === 'topBar' && icon(true)}
      <Box onBlur={leave} placement={placement}>
        <SearchIcon size={20} />
        <Input
          id={inputId}
          type="search"
          aria-label="Search titles"
          placeholder="Titles, people, genres"
          // The box appears because the user asked to search: typing can start at once.
          autoFocus
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          onKeyDown={escape}
        />
        <ClearButton type="button" aria-label="Clear search" onClick={onClear}>
          <CrossIcon size={16} />
        </ClearButton>
      </Box>
    </>
  );
}
