import { describe, expect, it } from 'vitest';

import { csvField, csvText } from '../../server/activity/csv.ts';

describe('csvField', () => {
  it('leaves plain text alone', () => {
    expect(csvField('The Matrix')).toBe('The Matrix');
    expect(csvField('2026-11-29')).toBe('2026-11-29');
  });

  it('quotes commas, quotes and line breaks, doubling quotes', () => {
    expect(csvField('Crouching Tiger, Hidden Dragon')).toBe('"Crouching Tiger, Hidden Dragon"');
    expect(csvField('The "Best" Film')).toBe('"The ""Best"" Film"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses a cell a spreadsheet would run as a formula', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1 Day')).toBe("'-1 Day");
    expect(csvField('@home')).toBe("'@home");
  });
});

describe('csvText', () => {
  it('ends each row with CRLF', () => {
    expect(
      csvText([
        ['Title', 'Date'],
        ['A, B', '2026-11-29'],
      ]),
    ).toBe('Title,Date\r\n"A, B",2026-11-29\r\n');
    expect(csvText([])).toBe('');
  });
});
