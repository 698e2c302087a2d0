import { PageError } from 'shared-sdk';
import { aiTrainingTabHref, parseAiTrainingTab } from './ai-training-tabs';

const tab = (query: string) => parseAiTrainingTab(new URLSearchParams(query), `/p?${query}`);

describe('the AI training tabs in the URL', () => {
  it('opens Q&A without a tab, and the others by name', () => {
    expect(tab('')).toBe('qnas');
    expect(tab('page=2')).toBe('qnas');
    expect(tab('tab=websites')).toBe('websites');
    expect(tab('tab=try')).toBe('try');
  });

  it.each(['tab=', 'tab=qnas', 'tab=Websites', 'tab=try&tab=websites'])(
    '?%s is the 404 page',
    (query) => {
      expect(() => tab(query)).toThrow(new PageError(404, `Page Not Found: /p?${query}`));
    },
  );

  it('links each tab', () => {
    expect(aiTrainingTabHref('ws_fernhill', 'qnas')).toBe('/dashboard/ws_fernhill/ai-training');
    expect(aiTrainingTabHref('ws_fernhill', 'try')).toBe(
      '/dashboard/ws_fernhill/ai-training?tab=try',
    );
  });
});
