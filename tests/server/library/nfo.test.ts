import { describe, expect, it } from 'vitest';

import { cleanCertification, parseNfo } from '../../../server/library/nfo.ts';

const MOVIE = `<?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
<movie>
  <title>Heat</title>
  <originaltitle>Heat</originaltitle>
  <year>1995</year>
  <premiered>1995-12-15</premiered>
  <plot>A group of high-end professional thieves &amp; a detective.</plot>
  <tagline>A Los Angeles crime saga</tagline>
  <runtime>170</runtime>
  <mpaa>Rated R</mpaa>
  <genre>Crime</genre>
  <genre>Drama</genre>
  <director>Michael Mann</director>
  <uniqueid type="tmdb" default="true">949</uniqueid>
  <uniqueid type="imdb">tt0113277</uniqueid>
  <actor><name>Robert De Niro</name><role>Neil McCauley</role><order>1</order></actor>
  <actor><name>Al Pacino</name><role>Vincent Hanna</role><order>0</order></actor>
</movie>`;

describe('Kodi NFO files', () => {
  it('reads a movie.nfo: title, year, plot, genres, certification, actors, runtime and ids', () => {
    const result = parseNfo(MOVIE, 'movie');
    expect(result).toEqual({
      ok: true,
      kind: 'movie',
      facts: [
        {
          title: 'Heat',
          originalTitle: 'Heat',
          year: 1995,
          date: '1995-12-15',
          plot: 'A group of high-end professional thieves & a detective.',
          tagline: 'A Los Angeles crime saga',
          runtime: 170,
          certification: 'R',
          genres: ['Crime', 'Drama'],
          actors: [
            { name: 'Al Pacino', role: 'Vincent Hanna', order: 0 },
            { name: 'Robert De Niro', role: 'Neil McCauley', order: 1 },
          ],
          directors: ['Michael Mann'],
          studios: [],
          tmdbId: 949,
          imdbId: 'tt0113277',
        },
      ],
    });
  });

  it('reads a tvshow.nfo with the older <tmdbid> and <id> tags', () => {
    const result = parseNfo(
      `<tvshow><title>Dark</title><year>2017</year><plot>A missing child.</plot><mpaa>TV-MA</mpaa>
        <genre>Drama / Mystery</genre><tmdbid>70523</tmdbid><id>tt5753856</id><studio>Netflix</studio></tvshow>`,
      'tvshow',
    );
    expect(result).toMatchObject({
      ok: true,
      facts: [
        {
          title: 'Dark',
          year: 2017,
          certification: 'TV-MA',
          genres: ['Drama', 'Mystery'],
          tmdbId: 70523,
          imdbId: 'tt5753856',
          studios: ['Netflix'],
        },
      ],
    });
  });

  it("reads an episode's title, numbers and plot, and each episode of a multi-episode NFO", () => {
    const one = parseNfo(
      '<episodedetails><title>Secrets</title><season>1</season><episode>1</episode><plot>It begins.</plot><aired>2017-12-01</aired><runtime>51</runtime></episodedetails>',
      'episodedetails',
    );
    expect(one).toMatchObject({
      ok: true,
      facts: [{ title: 'Secrets', season: 1, episode: 1, plot: 'It begins.', date: '2017-12-01', runtime: 51 }],
    });
    const two = parseNfo(
      '<episodedetails><title>One</title><episode>1</episode></episodedetails>\n<episodedetails><title>Two</title><episode>2</episode></episodedetails>',
      'episodedetails',
    );
    expect(two.ok && two.facts.map((f) => [f.episode, f.title])).toEqual([
      [1, 'One'],
      [2, 'Two'],
    ]);
  });

  it('reads an NFO with a link after the XML, or a link alone', () => {
    expect(parseNfo(`${MOVIE}\nhttps://www.themoviedb.org/movie/949-heat`, 'movie')).toMatchObject({
      ok: true,
      facts: [{ title: 'Heat', tmdbId: 949 }],
    });
    expect(parseNfo('https://www.imdb.com/title/tt0113277/', 'movie')).toMatchObject({
      ok: true,
      facts: [{ imdbId: 'tt0113277' }],
    });
  });

  it('fails clearly, without throwing, on malformed XML, the wrong root or no XML', () => {
    const broken = parseNfo('<movie><title>Heat</title><year>1995</movie>', 'movie');
    expect(broken.ok).toBe(false);
    expect(!broken.ok && broken.reason).toMatch(/not well-formed XML/);

    expect(parseNfo('<tvshow><title>Dark</title></tvshow>', 'movie')).toEqual({
      ok: false,
      reason: "the NFO's root is <tvshow>, not <movie>",
    });
    expect(
      parseNfo('<?xml version="1.0"?><!DOCTYPE movie [<!ENTITY a "aaaa">]><movie><title>&a;</title></movie>', 'movie'),
    ).toEqual({ ok: false, reason: 'the NFO declares a DOCTYPE, which an NFO never needs' });
    expect(parseNfo('just some notes', 'movie')).toEqual({ ok: false, reason: 'the NFO holds no XML' });
    expect(parseNfo('', 'movie')).toMatchObject({ ok: false });
    expect(parseNfo('<movie><title>x</title>'.repeat(2) + '\u0000', 'movie')).toMatchObject({ ok: false });
  });

  it('ignores values that are not what their tag says', () => {
    const result = parseNfo(
      '<movie><title>Odd</title><year>nineteen</year><runtime>-5</runtime><uniqueid type="tmdb">abc</uniqueid></movie>',
      'movie',
    );
    expect(result.ok && result.facts[0]).toEqual({
      title: 'Odd',
      genres: [],
      actors: [],
      directors: [],
      studios: [],
    });
  });

  it('cleans certifications as Kodi writes them', () => {
    expect(['Rated PG-13', 'US:PG-13', 'gb:15 / us:R', 'TV-14', ''].map(cleanCertification)).toEqual([
      'PG-13',
      'PG-13',
      '15',
      'TV-14',
      undefined,
    ]);
  });
});
