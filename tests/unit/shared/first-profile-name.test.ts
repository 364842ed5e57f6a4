import { describe, expect, it } from 'vitest';

import {
  checkProfileName,
  FALLBACK_PROFILE_NAME,
  firstProfileName,
  MAX_NAME_LENGTH,
} from '../../../shared/profiles/profile-rules';

describe('firstProfileName', () => {
  it('takes the local part before any +tag and capitalises its first letter', () => {
    expect(firstProfileName('ann.lee+tv@x.com')).toBe('Ann.lee');
    expect(firstProfileName('bob@example.com')).toBe('Bob');
    expect(firstProfileName('émile@example.fr')).toBe('Émile');
  });

  it('drops what the name rules refuse and clips to the longest allowed name', () => {
    expect(firstProfileName('a\u200Bnn@x.com')).toBe('Ann');
    const long = firstProfileName(`${'z'.repeat(80)}@x.com`);
    expect([...long]).toHaveLength(MAX_NAME_LENGTH);
    expect(checkProfileName(long)).toEqual({ name: long, key: long.toLowerCase() });
  });

  it(`falls back to "${FALLBACK_PROFILE_NAME}" when nothing valid remains`, () => {
    expect(firstProfileName('+tv@x.com')).toBe(FALLBACK_PROFILE_NAME);
    expect(firstProfileName('\u200B\u202E@x.com')).toBe(FALLBACK_PROFILE_NAME);
    expect(firstProfileName('')).toBe(FALLBACK_PROFILE_NAME);
  });
});
