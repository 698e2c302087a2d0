import { PageError } from 'shared-sdk';
import { buildQna } from '@testing/data-generators';
import { filterQnas, parseQnasView, parseTopics, qnasViewSearch } from './qnas-view';

const view = (query: string) => parseQnasView(new URLSearchParams(query), `/p?${query}`);

describe('the Q&A list view', () => {
  it('reads the page, the search and the topic from the URL, and writes them back', () => {
    const read = view('q=opening+hours&topic=Shop&page=3');
    expect(read).toEqual({ page: 3, search: 'opening hours', topic: 'Shop' });
    expect(qnasViewSearch(read)).toBe('?q=opening+hours&topic=Shop&page=3');
    expect(qnasViewSearch(view(''))).toBe('');
  });

  it('is the 404 page for a page that is not a whole number of at least 1 (product-spec.md §5)', () => {
    expect(() => view('page=0')).toThrow(new PageError(404, 'Page Not Found: /p?page=0'));
    expect(() => view('page=two')).toThrow(PageError);
  });

  it('finds pairs holding every word, in any case and without accents, within the topic', () => {
    const hours = buildQna({ id: 'q1', question: 'When are you open?', topicIds: ['Shop'] });
    const booking = buildQna({
      id: 'q2',
      question: 'Can I book a réservation?',
      answer: 'Yes, online.',
      topicIds: ['Bookings'],
    });
    const qnas = [hours, booking];

    expect(filterQnas(qnas, view('q=RESERVATION'))).toEqual([booking]);
    expect(filterQnas(qnas, view('q=book+online'))).toEqual([booking]);
    expect(filterQnas(qnas, view('q=book+closed'))).toEqual([]);
    expect(filterQnas(qnas, view('topic=Shop'))).toEqual([hours]);
    expect(filterQnas(qnas, view('q=bookings'))).toEqual([booking]);
    expect(filterQnas(qnas, view(''))).toEqual(qnas);
  });

  it('reads comma-separated topics without blanks or repeats', () => {
    expect(parseTopics(' Shop, opening hours,,shop , Returns ')).toEqual([
      'Shop',
      'opening hours',
      'Returns',
    ]);
    expect(parseTopics('  ')).toEqual([]);
  });
});
