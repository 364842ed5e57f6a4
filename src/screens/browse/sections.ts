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
