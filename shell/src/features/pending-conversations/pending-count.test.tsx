import { act, screen, waitFor } from '@testing-library/react';
import { buildAuthResponse, buildConversation, buildWorkspaceUser } from '@testing/data-generators';
import { connectFakeLiveCollections } from '@testing/fake-live-server';
import { usePageTitle } from 'shared-ui';
import { alertSoundStorageKey } from 'shared-ui/controls';
import { DashboardLayout } from '../../layouts/dashboard-layout';
import { makeStore } from '../../store/store';
import { fetchWorkspaces } from '../../store/workspaces-slice';
import { fakeApi } from '@testing/fake-api';
import { startSession } from '@testing/sign-in';
import { renderPage } from '@testing/render-page';
import { Provider } from 'react-redux';
import '../../i18n/shell';

const waiting = buildConversation({
  id: 'cnv_maya',
  status: 'pending',
  updatedAt: '2025-03-01T09:05:00.000Z',
});
const botAnswering = buildConversation({
  id: 'cnv_open',
  customerId: 'cus_open',
  status: 'open',
  customer: { firstName: 'Olga', lastName: 'Berg', email: null, orderId: null, verified: false },
});
const handedOff = buildConversation({
  id: 'cnv_sam',
  customerId: 'cus_sam',
  status: 'pending',
  customer: { firstName: '', lastName: '', email: null, orderId: null, verified: false },
  lastMessage: {
    role: 'bot',
    content: "I've asked a member of our team to join.",
    timestamp: '2025-03-01T10:05:00.000Z',
  },
  updatedAt: '2025-03-01T10:05:00.000Z',
});
const noor = buildConversation({
  id: 'cnv_noor',
  customerId: 'cus_noor',
  status: 'pending',
  customer: { firstName: 'Noor', lastName: 'Haddad', email: null, orderId: null, verified: false },
  lastMessage: {
    role: 'user',
    content: 'Can I talk to a person, please?',
    timestamp: '2025-03-01T10:00:00.000Z',
  },
  updatedAt: '2025-03-01T10:00:00.000Z',
});

/** A Notification the test reads: what the page raised, and clicks on it. */
function fakeNotifications(permission: NotificationPermission) {
  const raised: { title: string; options?: NotificationOptions; instance: FakeNotification }[] = [];
  class FakeNotification {
    static permission = permission;
    static requestPermission = jest.fn(async () => permission);
    onclick: (() => void) | null = null;
    close = jest.fn();
    constructor(title: string, options?: NotificationOptions) {
      raised.push({ title, options, instance: this });
    }
  }
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    writable: true,
    value: FakeNotification,
  });
  return raised;
}

function TicketsPage() {
  usePageTitle('Tickets');
  return <h1>Tickets</h1>;
}

async function renderDashboardPage(path = '/dashboard/ws_fernhill/tickets') {
  fakeApi(({ url }) => {
    if (url === '/api/auth/login') return { status: 200, body: buildAuthResponse() };
    if (url === '/api/user/workspaces') return { status: 200, body: [buildWorkspaceUser()] };
    return { status: 204 };
  });
  const session = await startSession();
  await session.signIn({ email: 'ada@example.com', password: 'secret1' });
  const live = connectFakeLiveCollections({ conversations: [waiting, botAnswering] });
  const store = makeStore();
  await store.dispatch(fetchWorkspaces());
  await act(async () => {
    renderPage(
      <Provider store={store}>
        <DashboardLayout>
          <TicketsPage />
        </DashboardLayout>
      </Provider>,
      { route: path },
    );
  });
  return { live };
}

const count = () => screen.findByTestId('pending-count');

describe('the pending conversations count in the dashboard header', () => {
  beforeEach(() => window.localStorage.clear());

  it('shows on any area’s page how many customers wait, live, and puts it in the tab title', async () => {
    fakeNotifications('default');
    const { live } = await renderDashboardPage();

    expect(await count()).toHaveTextContent('1 waiting');
    expect(await count()).toHaveAccessibleName('1 waiting in chat takeover');
    expect(await count()).toHaveAttribute(
      'href',
      '/dashboard/ws_fernhill/chat-takeover?status=pending',
    );
    expect(document.title).toBe('(1) Tickets · Parley');
    expect(live.queries('conversations')).toEqual([
      {
        collection: 'conversations',
        workspaceId: 'ws_fernhill',
        where: [{ field: 'status', op: '==', value: 'pending' }],
        orderBy: [{ field: 'updatedAt', direction: 'desc' }],
        limit: 100,
      },
    ]);

    await live.commit((data) => data.conversations!.push(noor));
    await waitFor(async () => expect(await count()).toHaveTextContent('2 waiting'));
    expect(document.title).toBe('(2) Tickets · Parley');

    // Both answered: nobody waits, the title has no count.
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) => ({
        ...doc,
        status: 'open',
        isPending: false,
      }));
    });
    await waitFor(async () => expect(await count()).toHaveTextContent('0 waiting'));
    expect(document.title).toBe('Tickets · Parley');
  });

  it('raises a notification for a conversation that becomes pending, not for those already waiting', async () => {
    const raised = fakeNotifications('granted');
    const { live } = await renderDashboardPage();
    expect(await count()).toHaveTextContent('1 waiting');
    expect(raised).toEqual([]);

    await live.commit((data) => data.conversations!.push(noor));
    await waitFor(() => expect(raised).toHaveLength(1));
    expect(raised[0]).toMatchObject({
      title: 'Noor Haddad is waiting for a person',
      options: { body: 'Can I talk to a person, please?', tag: 'pending-cnv_noor' },
    });

    // A click on it brings the tab forward (and opens the conversation).
    const focus = jest.spyOn(window, 'focus').mockImplementation(() => undefined);
    act(() => raised[0]!.instance.onclick?.());
    expect(focus).toHaveBeenCalled();
    expect(raised[0]!.instance.close).toHaveBeenCalled();

    // The same conversation changing again (a new message) is not news.
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) =>
        doc.id === 'cnv_noor' ? { ...doc, messagesCount: 3 } : doc,
      );
    });
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) =>
        doc.id === 'cnv_open' ? { ...doc, status: 'pending', isPending: true } : doc,
      );
    });
    await waitFor(() => expect(raised).toHaveLength(2));
    await live.commit((data) => data.conversations!.push(handedOff));
    await waitFor(() => expect(raised).toHaveLength(3));
    expect(raised[2]).toMatchObject({
      title: 'A customer is waiting for a person',
      options: { body: 'Open chat takeover to answer.' },
    });
    // The customer's own words when they spoke last; not the bot's handoff line.
    expect(raised[1]).toMatchObject({
      title: 'Olga Berg is waiting for a person',
      options: { body: 'Where is my order?' },
    });
  });

  it('raises nothing without the permission, and plays the sound only when chosen', async () => {
    const raised = fakeNotifications('denied');
    const tones: number[] = [];
    class FakeAudioContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        const tone = {
          frequency: { value: 0 },
          connect: (next: unknown) => next,
          start: () => tones.push(tone.frequency.value),
          stop: () => undefined,
        };
        return tone;
      }
      createGain() {
        return {
          gain: { setValueAtTime: jest.fn(), exponentialRampToValueAtTime: jest.fn() },
          connect: (next: unknown) => next,
        };
      }
    }
    Object.defineProperty(window, 'AudioContext', {
      configurable: true,
      writable: true,
      value: FakeAudioContext,
    });
    const { live } = await renderDashboardPage();
    expect(await count()).toHaveTextContent('1 waiting');

    await live.commit((data) => data.conversations!.push(noor));
    await waitFor(async () => expect(await count()).toHaveTextContent('2 waiting'));
    expect(raised).toEqual([]);
    expect(tones).toEqual([]);

    window.localStorage.setItem(alertSoundStorageKey, 'on');
    await live.commit((data) => {
      data.conversations = data.conversations!.map((doc) =>
        doc.id === 'cnv_open' ? { ...doc, status: 'pending', isPending: true } : doc,
      );
    });
    await waitFor(() => expect(tones).toEqual([880, 1320]));
  });
});
