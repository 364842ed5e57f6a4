import type { FocusEvent, KeyboardEvent } from 'react';

import { Button } from '../Button';
import { styled } from '../stitches.config';

// docs/spec.md §2: the search icon shows only above 390px window width.
const OpenButton = styled(Button, {
  display: 'none',
  padding: '$1',
  '@phoneWide': { display: 'inline-flex' },
});

const Box = styled('div', {
  display: 'flex',
  alignItems: 'center',
  gap: '$2',
  width: 'min(60vw, 280px)',
  height: '36px',
  padding: '0 $1 0 $2',
  border: '1px solid $text',
  backgroundColor: 'rgba(0, 0, 0, 0.75)',
  color: '$text',
  // The ring goes round the whole box; the input inside it has none of its own.
  '&:has(input:focus-visible)': { outline: '2px solid $focus', outlineOffset: '2px' },
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
  <svg
    aria-hidden="true"
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
  >
    <circle cx="10.5" cy="10.5" r="6.5" />
    <path d="M15.5 15.5L21 21" strokeLinecap="round" />
  </svg>
);

const ClearIcon = () => (
  <svg
    aria-hidden="true"
    width="16"
    height="16"
    viewBox="0 0 24 24"
    stroke="currentColor"
    strokeWidth="2.5"
    strokeLinecap="round"
  >
    <path d="M5 5l14 14M19 5L5 19" />
  </svg>
);

export interface SearchBoxProps {
  open: boolean;
  value: string;
  /** The search icon was pressed. */
  onOpen: () => void;
  onValueChange: (value: string) => void;
  /** The X, or Escape in the box. */
  onClear: () => void;
  /** Focus left the box while it was empty (docs/spec.md §4: the box then closes). */
  onBlurEmpty: () => void;
}

/** The top bar's search: an icon that expands into a text box with an X to clear it (docs/spec.md §2). */
export function SearchBox({ open, value, onOpen, onValueChange, onClear, onBlurEmpty }: SearchBoxProps) {
  if (!open) {
    return (
      <OpenButton tone="link" aria-label="Search" onClick={onOpen}>
        <SearchIcon size={24} />
      </OpenButton>
    );
  }

  // Focus moving from the input to the X stays inside the box, so it is not a blur of the search.
  const leave = (event: FocusEvent<HTMLDivElement>) => {
    if (value === '' && !event.currentTarget.contains(event.relatedTarget)) onBlurEmpty();
  };

  const escape = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    // The browser would clear a search field itself; the caller owns the value.
    event.preventDefault();
    onClear();
  };

  return (
    <Box onBlur={leave}>
      <SearchIcon size={20} />
      <Input
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
        <ClearIcon />
      </ClearButton>
    </Box>
  );
}
