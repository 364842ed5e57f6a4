/** "Member Since {Month YYYY}" (docs/decisions.md): the account's creation date, e.g. "September 2022". */
export function memberSince(createdAt: string | undefined, locale = 'en-GB'): string {
  const date = createdAt ? new Date(createdAt) : null;
  if (!date || Number.isNaN(date.getTime())) return 'an unknown date';
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}
