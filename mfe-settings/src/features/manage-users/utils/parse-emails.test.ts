import { parseEmailList } from './parse-emails';

describe('parseEmailList', () => {
  it('splits on commas, semicolons, new lines and spaces, skipping blanks', () => {
    expect(
      parseEmailList(' a@x.example,b@x.example\n\nc@x.example ;  d@x.example e@x.example,'),
    ).toEqual(['a@x.example', 'b@x.example', 'c@x.example', 'd@x.example', 'e@x.example']);
  });

  it('keeps each address once, whatever its case', () => {
    expect(parseEmailList('Grace@X.example, grace@x.example')).toEqual(['Grace@X.example']);
  });

  it('finds nothing in blank text', () => {
    expect(parseEmailList(' \n , ')).toEqual([]);
  });
});
