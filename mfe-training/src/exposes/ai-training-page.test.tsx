import { screen, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { PageError } from 'shared-sdk';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import { fakeWebsitesServer } from '../testing/fake-websites-server';
import AiTrainingPage from './ai-training-page';

/** The browser's Back button, for the page's in-memory history. */
function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Browser back
    </button>
  );
}

async function renderTraining(route = '/dashboard/ws_fernhill/ai-training') {
  fakeWebsitesServer();
  await signIn();
  const onError = jest.fn();
  const view = renderPage(
    <>
      <AiTrainingPage />
      <BackButton />
    </>,
    { route, path: '/dashboard/:workspaceId/ai-training', onError },
  );
  return { ...view, onError };
}

const tab = (name: string) => screen.getByRole('tab', { name });
const location = () => screen.getByTestId('location').textContent;

describe('AI training: the tabs', () => {
  it('opens on Q&A, under the one page heading, with only the selected tab a Tab stop', async () => {
    await renderTraining();

    expect(screen.getByRole('tablist', { name: 'What the bot learns from' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((item) => item.textContent)).toEqual([
      'Q&A',
      'Unanswered questions',
      'Suggested pairs',
      'Websites',
      'Try the bot',
    ]);
    expect(tab('Q&A')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Q&A')).toHaveAttribute('tabindex', '0');
    expect(tab('Websites')).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'Q&A' });
    expect(tab('Q&A')).toHaveAttribute('aria-controls', panel.id);
    expect(await within(panel).findByText('0 pairs')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'AI training',
    ]);
  });

  it('switches with a click, puts the tab in the URL, and Back returns to the tab before', async () => {
    const { user } = await renderTraining();

    await user.click(tab('Websites'));
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training?tab=websites');
    expect(tab('Websites')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Websites')).toHaveFocus();
    const panel = screen.getByRole('tabpanel', { name: 'Websites' });
    expect(within(panel).getByRole('heading', { name: 'Add a website' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training');
    expect(tab('Q&A')).toHaveAttribute('aria-selected', 'true');
  });

  it('moves between tabs with the arrow keys, Home and End, focus following', async () => {
    const { user } = await renderTraining();
    await user.tab();
    expect(tab('Q&A')).toHaveFocus();

    await user.keyboard('{ArrowRight}');
    expect(tab('Unanswered questions')).toHaveFocus();
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training?tab=unanswered');
    expect(screen.getByRole('tabpanel', { name: 'Unanswered questions' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Suggested pairs')).toHaveFocus();
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training?tab=suggested');
    expect(screen.getByRole('tabpanel', { name: 'Suggested pairs' })).toBeInTheDocument();

    await user.keyboard('{ArrowRight}');
    expect(tab('Websites')).toHaveFocus();
    expect(tab('Websites')).toHaveAttribute('aria-selected', 'true');
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training?tab=websites');

    await user.keyboard('{ArrowRight}');
    expect(tab('Try the bot')).toHaveFocus();
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training?tab=try');
    expect(screen.getByRole('tabpanel', { name: 'Try the bot' })).toBeInTheDocument();

    // From the last tab, on to the first.
    await user.keyboard('{ArrowRight}');
    expect(tab('Q&A')).toHaveFocus();
    expect(location()).toBe('/dashboard/ws_fernhill/ai-training');

    await user.keyboard('{ArrowLeft}');
    expect(tab('Try the bot')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(tab('Q&A')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Try the bot')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Try the bot')).toHaveFocus();
  });

  it('keeps what a tab was doing while another one is looked at', async () => {
    const { user } = await renderTraining('/dashboard/ws_fernhill/ai-training?tab=try');
    await user.type(screen.getByRole('textbox', { name: /^Question/ }), 'When are you open?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('article', { name: 'When are you open?' });

    await user.click(tab('Websites'));
    await user.type(
      screen.getByRole('textbox', { name: /^Website address/ }),
      'https://fernhill.example',
    );
    await user.click(screen.getByRole('button', { name: 'Find pages' }));
    await screen.findByText(/^Time taken/);
    await user.click(tab('Try the bot'));
    expect(screen.getByRole('article', { name: 'When are you open?' })).toBeInTheDocument();
    await user.click(tab('Websites'));
    expect(await screen.findByText(/^Time taken/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
  });

  it('opens the tab the URL names', async () => {
    await renderTraining('/dashboard/ws_fernhill/ai-training?tab=try');
    expect(tab('Try the bot')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('textbox', { name: /^Question/ })).toBeInTheDocument();
    // Opening a link is not choosing a tab: focus stays where the browser puts it.
    expect(tab('Try the bot')).not.toHaveFocus();
  });

  it.each(['tab=faq', 'tab=websites&page=0', 'tab=try&tab=websites'])(
    '?%s is the 404 page',
    async (query) => {
      const { onError } = await renderTraining(`/dashboard/ws_fernhill/ai-training?${query}`);
      expect(onError).toHaveBeenCalledWith(
        new PageError(404, `Page Not Found: /dashboard/ws_fernhill/ai-training?${query}`),
      );
    },
  );
});
