import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import {
  classifyVideo,
  cleanName,
  languageCode,
  normaliseTitle,
  parseEpisodeName,
  parseSeasonFolder,
  parseSubtitleName,
} from '../../../server/library/naming.ts';

const root = '/media/library';
const at = (...parts: string[]) => join(root, ...parts);

describe('film names', () => {
  it.each([
    ['Films/Heat (1995)/Heat (1995).mkv', 'Heat', 1995],
    ['Films/Heat (1995).mkv', 'Heat', 1995],
    ['Heat.1995.1080p.BluRay.x264-GROUP.mkv', 'Heat', 1995],
    ['Films/The_Third_Man_1949_720p.mp4', 'The Third Man', 1949],
    ['Films/Blade Runner 2049 (2017)/Blade Runner 2049 (2017).mkv', 'Blade Runner 2049', 2017],
    ['Films/1917 (2019)/1917 (2019).mkv', '1917', 2019],
    ['Films/2001 A Space Odyssey (1968).mkv', '2001 A Space Odyssey', 1968],
    ['Films/Amélie.mkv', 'Amélie', null],
    ['Films/Mr. Smith Goes to Washington (1939).avi', 'Mr. Smith Goes to Washington', 1939],
    ['Films/Heat (1995)/Heat.mkv', 'Heat', 1995],
    ['Films/Heat (1995)/movie.mkv', 'Heat', 1995],
    ['Films/Heat (1995)/Heat (1995) - 1080p.mkv', 'Heat', 1995],
  ])('%s is the film "%s" (%s)', (path, title, year) => {
    expect(classifyVideo(root, at(path))).toMatchObject({ kind: 'movie', title, year });
  });

  it('knows whether a film has a folder of its own', () => {
    expect(classifyVideo(root, at('Films/Heat (1995)/Heat (1995).mkv'))).toMatchObject({
      ownFolder: true,
      folder: at('Films/Heat (1995)'),
    });
    expect(classifyVideo(root, at('Films/Heat (1995).mkv'))).toMatchObject({ ownFolder: false, folder: at('Films') });
  });

  it('leaves trailers, samples and extras folders out', () => {
    expect(classifyVideo(root, at('Films/Heat (1995)/Heat (1995)-trailer.mkv'))).toEqual({ kind: 'extra' });
    expect(classifyVideo(root, at('Films/Heat (1995)/sample.mkv'))).toEqual({ kind: 'extra' });
    expect(classifyVideo(root, at('Films/Heat (1995)/Extras/Making of.mkv'))).toEqual({ kind: 'extra' });
    expect(classifyVideo(root, at('Films/Heat (1995)/Heat-sample.mkv'))).toEqual({ kind: 'extra' });
  });

  it('cleans dots, underscores and release noise', () => {
    expect(cleanName('The.Grand.Budapest.Hotel.2014.2160p.UHD.BluRay.x265')).toEqual({
      title: 'The Grand Budapest Hotel',
      year: 2014,
    });
    expect(cleanName('Some_Home_Video')).toEqual({ title: 'Some Home Video', year: null });
  });
});

describe('episode names', () => {
  it.each([
    ['Series/Dark (2017)/Season 01/Dark S01E02 Lies.mkv', 'Dark', 2017, 1, 2, 2, 'Lies'],
    ['Series/Dark (2017)/Season 1/Dark - s01e03 - Past and Present.mkv', 'Dark', 2017, 1, 3, 3, 'Past and Present'],
    ['Series/Dark (2017)/Season 02/Dark 2x04.mkv', 'Dark', 2017, 2, 4, 4, ''],
    ['Series/Dark (2017)/Season 01/Dark S01E01E02.mkv', 'Dark', 2017, 1, 1, 2, ''],
    ['Series/Dark (2017)/Season 01/Dark S01E05-E06 Two Parts.mkv', 'Dark', 2017, 1, 5, 6, 'Two Parts'],
    ['Series/Dark (2017)/Season 01/Dark.S01E07-08.720p.WEB.mkv', 'Dark', 2017, 1, 7, 8, ''],
    ['Series/Dark (2017)/Season 00/Dark S00E01 Making Dark.mkv', 'Dark', 2017, 0, 1, 1, 'Making Dark'],
    ['Series/Dark (2017)/Specials/Dark S00E02.mkv', 'Dark', 2017, 0, 2, 2, ''],
    ['Series/Dark (2017)/Season 03/Episode 4.mkv', 'Dark', 2017, 3, 4, 4, ''],
    ['Series/Dark (2017)/Season 03/05 - Life and Death.mkv', 'Dark', 2017, 3, 5, 5, 'Life and Death'],
    [
      'Series/Fawlty Towers/Fawlty.Towers.S01E01.A.Touch.of.Class.mkv',
      'Fawlty Towers',
      null,
      1,
      1,
      1,
      'A Touch of Class',
    ],
    ['Series/The_Office_(2001)/Season_1/The_Office_S01E01.mkv', 'The Office', 2001, 1, 1, 1, ''],
  ])('%s', (path, seriesTitle, seriesYear, season, episode, episodeEnd, episodeTitle) => {
    expect(classifyVideo(root, at(path))).toMatchObject({
      kind: 'episode',
      seriesTitle,
      seriesYear,
      season,
      episode,
      episodeEnd,
      episodeTitle,
    });
  });

  it('finds the series folder above its season folders, and a season folder', () => {
    expect(classifyVideo(root, at('Series/Dark (2017)/Season 01/Dark S01E02.mkv'))).toMatchObject({
      seriesFolder: at('Series/Dark (2017)'),
      seasonFolder: at('Series/Dark (2017)/Season 01'),
    });
    expect(classifyVideo(root, at('Series/Dark (2017)/Dark S01E02.mkv'))).toMatchObject({
      seriesFolder: at('Series/Dark (2017)'),
      seasonFolder: null,
    });
  });

  it('takes the series name from the file when episodes lie loose in a collection folder', () => {
    expect(classifyVideo(root, at('Series/Dark.S01E02.mkv'))).toMatchObject({ kind: 'episode', seriesTitle: 'Dark' });
  });

  it('reads season folders in several languages, and numbers nowhere else', () => {
    expect(['Season 01', 'Season 1', 'S02', 'Series 3', 'Staffel 4', 'Specials'].map(parseSeasonFolder)).toEqual([
      1, 1, 2, 3, 4, 0,
    ]);
    expect(parseSeasonFolder('Heat (1995)')).toBeNull();
    expect(parseEpisodeName('Heat 1995 1080p')).toBeNull();
    expect(parseEpisodeName('Ocean 11')).toBeNull();
  });

  it('does not take a resolution for a second episode number', () => {
    expect(parseEpisodeName('Show.S01E02-720p')).toMatchObject({ episode: 2, episodeEnd: 2 });
  });
});

describe('external subtitles', () => {
  const video = at('Films/Heat (1995)/Heat (1995).mkv');
  const sub = (name: string) => parseSubtitleName(video, at('Films/Heat (1995)', name));

  it('reads the language, forced and SDH flags from the suffix', () => {
    expect(sub('Heat (1995).en.srt')).toEqual({
      language: 'en',
      forced: false,
      sdh: false,
      default: false,
      format: 'srt',
    });
    expect(sub('Heat (1995).fr.forced.vtt')).toMatchObject({ language: 'fr', forced: true, format: 'vtt' });
    expect(sub('Heat (1995).eng.sdh.ass')).toMatchObject({ language: 'en', sdh: true, format: 'ass' });
    expect(sub('Heat (1995).German.srt')).toMatchObject({ language: 'de' });
    expect(sub('Heat (1995).pt-BR.srt')).toMatchObject({ language: 'pt-BR' });
    expect(sub('Heat (1995).srt')).toMatchObject({ language: null });
    expect(sub('Heat (1995).en.cc.default.srt')).toMatchObject({ language: 'en', sdh: true, default: true });
  });

  it("ignores subtitles of another video, in another folder, or that aren't subtitles", () => {
    expect(sub('Ronin (1998).en.srt')).toBeNull();
    expect(sub('Heat (1995) Extended.en.srt')).toBeNull();
    expect(parseSubtitleName(video, at('Films', 'Heat (1995).en.srt'))).toBeNull();
    expect(sub('Heat (1995).en.txt')).toBeNull();
  });

  it('knows language codes from words that are not', () => {
    expect(languageCode('en')).toBe('en');
    expect(languageCode('fre')).toBe('fr');
    expect(languageCode('xx')).toBeNull();
    expect(languageCode('forced1')).toBeNull();
  });
});

describe('title comparison', () => {
  it('ignores case, accents, punctuation and a leading article', () => {
    expect(normaliseTitle('Mad Max: Fury Road')).toBe(normaliseTitle('Mad Max Fury Road'));
    expect(normaliseTitle('Amélie')).toBe(normaliseTitle('amelie'));
    expect(normaliseTitle('The Matrix')).toBe(normaliseTitle('Matrix'));
    expect(normaliseTitle('Fast & Furious')).toBe(normaliseTitle('Fast and Furious'));
  });
});
