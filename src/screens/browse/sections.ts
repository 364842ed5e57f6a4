/** The signed-in sections, in the top bar's order (docs/decisions.md, "Sections"). */
export const SECTIONS = [
  { label: 'Home', href: '/' },
  { label: 'TV Shows', href: '/tv' },
  { label: 'Films', href: '/films' },
  { label: 'New & Popular', href: '/new' },
  { label: 'My List', href: '/my-list' },
] as const;

/** The sections for the top bar, the one at `path` marked current. */
export const sectionItems = (path: string) =>
  SECTIONS.map((section) => ({ ...section, current: section.href === path }));

/** A kids profile's sections: New & Popular (coming titles, whatever their rating) is left out. */
const KIDS_SECTIONS = SECTIONS.filter((section) => section.href !== '/new');

/** The sections for a kids profile's top bar, the one at `path` marked current. */
export const kidsSectionItems = (path: string) =>
  KIDS_SECTIONS.map((section) => ({ ...section, current: section.href === path }));
