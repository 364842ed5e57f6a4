import { describe, expect, it } from 'vitest';

import { beneathOf, pageLocation, parseTitlePath, titlePath } from '../../src/screens/browse/title-address';

describe('title addresses', () => {
  it('round-trips a movie and a series', () => {
    expect(titlePath({ mediaType: 'movie', id: 278 })).toBe('/title/movie/278');
    expect(parseTitlePath('/title/movie/278')).toEqual({ mediaType: 'movie', id: 278 });
    expect(parseTitlePath('/title/tv/1399')).toEqual({ mediaType: 'tv', id: 1399 });
  });

  it.each([
    '/title/person/1',
    '/title/movie/0',
    '/title/movie/01',
    '/title/movie/abc',
    '/title/movie/1/2',
    '/',
    '/my-list',
  ])('is no title address: %s', (path) => expect(parseTitlePath(path)).toBeNull());

  it('keeps only in-app pages beneath', () => {
    expect(beneathOf({ beneath: '/my-list' })).toBe('/my-list');
    expect(beneathOf({ beneath: '//evil.example/' })).toBeNull();
    expect(beneathOf({ beneath: 'https://evil.example/' })).toBeNull();
    expect(beneathOf({ beneath: 3 })).toBeNull();
    expect(beneathOf(null)).toBeNull();
  });

  it('renders the page a title was opened over, with its query', () => {
    expect(pageLocation('/title/movie/1', '', { beneath: '/search?q=nolan' })).toEqual({
      path: '/search',
      search: 'q=nolan',
    });
    expect(pageLocation('/title/movie/1', '', { beneath: '/tv' })).toEqual({ path: '/tv', search: '' });
  });

  it('renders home under a shared title address, and any other address as itself', () => {
    expect(pageLocation('/title/tv/1399', '', null)).toEqual({ path: '/', search: '' });
    expect(pageLocation('/my-list', 'x=1', { beneath: '/tv' })).toEqual({ path: '/my-list', search: 'x=1' });
  });
});
