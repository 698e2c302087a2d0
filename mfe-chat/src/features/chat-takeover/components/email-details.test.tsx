import { screen, waitFor } from '@testing-library/react';
import type { MessageEmail } from 'shared-sdk/schemas';
import { addTranslations } from 'shared-ui';
import { fakeApi, notFoundReply } from '@testing/fake-api';
import { renderPage } from '@testing/render-page';
import { signIn } from '@testing/sign-in';
import en from '../conversation.en-US.json';
import { EmailDetails } from './email-details';

addTranslations('conversation', en);

const workspaceId = 'ws_fernhill';
const received: MessageEmail = {
  messageId: 'first@example.org',
  from: 'Maya Patel <maya@example.com>',
  to: 'a1b2c3d4e5f6a7b8@localhost',
  subject: 'Broken bell',
  // As the server's sanitizer leaves it: remote images held back, links noopener.
  html:
    '<p>Hello <b>there</b></p><img data-remote-src="https://images.example/bell.png" alt="The bell">' +
    '<a href="https://shop.example/order" target="_blank" rel="noopener noreferrer">order</a>',
  authFailure: 'SPF fail, DMARC fail',
  automatic: null,
  delivery: null,
};

async function render(email: MessageEmail) {
  const api = fakeApi((request) =>
    request.method === 'POST' && request.url === '/api/user/email-retry'
      ? { status: 200, body: {} }
      : notFoundReply(request),
  );
  await signIn();
  const view = renderPage(<EmailDetails messageId="msg_1" email={email} />, {
    route: `/dashboard/${workspaceId}/chat`,
    path: '/dashboard/:workspaceId/chat',
  });
  return { ...view, ...api };
}

describe('an e-mail message in the conversation', () => {
  it('shows the sanitized HTML, remote images only when asked, and the failed checks', async () => {
    const { user } = await render(received);
    expect(screen.getByText('there').tagName).toBe('B');
    expect(screen.getByRole('link', { name: 'order' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(screen.getByRole('link', { name: 'order' })).toHaveAttribute('target', '_blank');
    expect(screen.getByAltText('The bell')).not.toHaveAttribute('src');
    expect(screen.getByText(/could not be verified \(SPF fail, DMARC fail\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show images' }));
    expect(screen.getByAltText('The bell')).toHaveAttribute(
      'src',
      'https://images.example/bell.png',
    );
  });

  it('shows a failed reply with its reason and sends it again', async () => {
    const { user, requests } = await render({
      ...received,
      html: null,
      authFailure: null,
      delivery: { status: 'failed', error: 'Connection refused', attempts: 5 },
    });
    expect(screen.getByText('Not sent: Connection refused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(requests.at(-1)).toMatchObject({
        method: 'POST',
        url: '/api/user/email-retry',
        body: { workspaceId, messageId: 'msg_1' },
      }),
    );
  });
});
