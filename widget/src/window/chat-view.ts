import type { i18n } from 'i18next';
import { readableTextColor, storedImageSources } from 'shared-sdk';
import type { Message, MessageAttachment } from 'shared-sdk/schemas';
import { chatErrorText } from './chat-errors';
import type { ChatSession, ChatState, OutgoingMessage } from './chat-state';
import { mountDetailsForm } from './details-form';
import { h } from './dom';
import { greetingMessage, isAway } from './greeting-and-hours';
import { messageItemBuilder, openSuggestions } from './message-items';
import { mountPreChatForm, preChatQuestions } from './pre-chat-form';
import { ratingPrompt } from './rating-prompt';

export interface ChatViewOptions {
  session: ChatSession;
  i18n: i18n;
  /** Framed by the loader: the window has a close button (and Escape closes it). */
  onClose?: () => void;
  /** A local (blob:) URL of an attachment: downloading it takes the visitor token. */
  loadAttachment: (attachment: MessageAttachment) => Promise<string>;
  /** The clock business hours are read with (tests fix it). */
  now?: () => Date;
}

export interface ChatView {
  /** Renders everything again (after a locale change). */
  refresh(): void;
  /** The window was shown: the text box gets the focus. */
  focus(): void;
}

const attachIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M21.4 11.6 12.8 20.2a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6l7.9-7.9"/></svg>';
const closeIcon =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M6 6l12 12M18 6L6 18"/></svg>';

/**
 * A message's key in the list: one with suggestions is built again when they are chosen, or
 * when a later message closes them (only the latest message's suggestions can be chosen).
 */
function suggestionsKey(message: Message, state: ChatState): string {
  if (!message.suggestions) return message.id;
  return `${message.id}:${openSuggestions(message, state) ? 'open' : 'closed'}`;
}

/**
 * The chat window: a header with the chatbot's name and photo, the conversation (the customer on
 * the right in the chatbot's message colour; bot and agent on the left, each labelled), the text
 * box (Enter sends, Shift+Enter starts a new line), an image button, "Talk to a person", the
 * visitor's details form, and what is going on (sending, typing, offline, resolved, errors).
 */
export function mountChatView(root: HTMLElement, options: ChatViewOptions): ChatView {
  const { session, i18n } = options;
  const t = i18n.t.bind(i18n);
  const details = mountDetailsForm({
    session,
    i18n,
    onOpen: () => {
      flash.textContent = '';
    },
    onSaved: () => {
      flash.textContent = t('saved');
      render(session.state);
    },
  });

  // Header.
  const avatar = h('span', { class: 'avatar', 'aria-hidden': 'true' });
  const title = h('h1', { class: 'title' });
  const closeButton = h('button', { type: 'button', class: 'header-button icon' });
  closeButton.innerHTML = closeIcon;
  const header = h('header', { class: 'header' }, avatar, title, details.toggle);
  if (options.onClose) header.append(closeButton);

  // What is going on.
  const awayTitle = h('strong');
  const awayText = h('span');
  const away = h('p', { class: 'away', role: 'note' }, awayTitle, ' ', awayText);
  const connection = h('p', { class: 'notice', role: 'status' });
  const flash = h('p', { class: 'notice success', role: 'status' });
  const status = h('div', { class: 'status' });
  // The log scrolls and is announced; the list inside it keeps list semantics for its items.
  const messageItems = h('ol', { class: 'message-items' });
  // Focusable: a keyboard reaches and scrolls it even when nothing inside can take the focus
  // (a long greeting above the pre-chat form).
  const messageList = h(
    'div',
    { class: 'messages', role: 'log', 'aria-live': 'polite', tabindex: '0' },
    messageItems,
  );
  const typing = h('p', { class: 'typing', role: 'status' });
  const errorText = h('span');
  const dismissError = h('button', { type: 'button', class: 'link' });
  const retry = h('button', { type: 'button', class: 'secondary' });
  const error = h('div', { class: 'error', role: 'alert' }, errorText, dismissError, retry);

  // After the conversation.
  const resolvedText = h('p');
  const startNew = h('button', { type: 'button', class: 'primary' });
  const resolved = h('div', { class: 'resolved' }, resolvedText, startNew);
  const rating = ratingPrompt({ i18n, onSubmit: (value, comment) => session.rate(value, comment) });
  // Under the customer's last message once an agent has read it (the conversation's
  // agentLastSeenAt): one element, moved to that message.
  const seen = h('span', { class: 'seen' });
  const handoff = h('button', { type: 'button', class: 'secondary handoff' });
  const pending = h('p', { class: 'pending', role: 'status' });
  const actions = h('div', { class: 'actions' }, handoff, pending);

  // The composer.
  const text = h('textarea', { id: 'parley-text', rows: '1', maxlength: '5000' });
  const textLabel = h('label', { for: text.id, class: 'visually-hidden' });
  const file = h('input', { type: 'file', accept: 'image/*', hidden: true, tabindex: '-1' });
  const attach = h('button', { type: 'button', class: 'icon attach' });
  attach.innerHTML = attachIcon;
  const send = h('button', { type: 'submit', class: 'primary send' });
  const composer = h('form', { class: 'composer' }, textLabel, text, file, attach, send);
  const preChat = mountPreChatForm({ session, i18n, onAnswered: () => text.focus() });
  let askingPreChat = false;

  const chat = h(
    'div',
    { class: 'chat' },
    header,
    details.element,
    away,
    connection,
    flash,
    status,
    messageList,
    typing,
    error,
    rating.element,
    resolved,
    actions,
    composer,
  );
  root.replaceChildren(chat);
  const now = options.now ?? (() => new Date());

  /** Message elements by id (or local id while sending): each is built once. */
  let items = new Map<string, HTMLLIElement>();
  let shownAvatar: string | null | undefined;
  let botName: string | undefined;
  let localError: 'notImage' | null = null;

  const messageItem = messageItemBuilder({
    i18n,
    loadAttachment: options.loadAttachment,
    chooseSuggestion: (messageId, pairId) => session.chooseSuggestion(messageId, pairId),
  });

  /** Puts the list's items in order, touching only what changed (a screen reader reads new ones). */
  function renderMessages(state: ChatState) {
    // A new chat opens with the greeting; the server stores it when the customer writes.
    const greeting = greetingMessage(state);
    const entries: [string, Message | OutgoingMessage][] = [
      ...(greeting ? [[`greeting:${greeting.content}`, greeting] as [string, Message]] : []),
      ...state.messages.map((message): [string, Message] => [
        suggestionsKey(message, state),
        message,
      ]),
      ...state.outgoing.map((message): [string, OutgoingMessage] => [message.localId, message]),
    ];
    const next = new Map<string, HTMLLIElement>();
    for (const [key, message] of entries)
      next.set(key, items.get(key) ?? messageItem(message, state));
    for (const [key, item] of items) if (!next.has(key)) item.remove();
    let cursor = messageItems.firstElementChild;
    for (const item of next.values()) {
      if (cursor === item) cursor = item.nextElementSibling;
      else messageItems.insertBefore(item, cursor);
    }
    const grew = next.size > items.size;
    items = next;
    renderSeen(state);
    if (grew) messageList.scrollTop = messageList.scrollHeight;
  }

  function renderSeen(state: ChatState) {
    const last = state.messages.findLast((message) => message.role === 'user');
    const seenAt = state.conversation?.agentLastSeenAt;
    const item = last && seenAt && seenAt >= last.timestamp ? items.get(last.id) : undefined;
    if (!item) {
      seen.remove();
      return;
    }
    seen.textContent = t('seen');
    if (seen.parentElement !== item) item.append(seen);
  }

  function renderHeader(state: ChatState) {
    const chatbot = state.chatbot;
    title.textContent = chatbot?.name ?? '';
    document.title = chatbot ? t('title', { name: chatbot.name }) : t('loading');
    if (chatbot) {
      const color = chatbot.messageBackgroundColor;
      chat.style.setProperty('--parley-color', color);
      chat.style.setProperty('--parley-on-color', readableTextColor(color));
      chat.style.setProperty('--parley-header', chatbot.headerColor);
      chat.style.setProperty('--parley-on-header', readableTextColor(chatbot.headerColor));
    }
    // Messages are built once; a renamed chatbot (saved, or typed in the preview) relabels the
    // bot's in place rather than rebuilding the log, which a screen reader would read again.
    if (chatbot && botName !== undefined && botName !== chatbot.name) {
      for (const author of messageItems.querySelectorAll('.message.bot > .author')) {
        author.textContent = t('roleBot', { name: chatbot.name });
      }
    }
    botName = chatbot?.name;
    // Without a photo the avatar is the name's first letter, so a new name redraws it too.
    const avatarKey = chatbot ? (chatbot.photoUrl ?? `letter:${chatbot.name.slice(0, 1)}`) : null;
    if (avatarKey !== shownAvatar) {
      shownAvatar = avatarKey;
      avatar.replaceChildren();
      if (chatbot?.photoUrl) {
        const { src, srcSet } = storedImageSources(chatbot.photoUrl, 36);
        avatar.append(h('img', { src, srcset: srcSet, alt: '' }));
      } else if (chatbot) {
        avatar.append(chatbot.name.slice(0, 1).toUpperCase());
      }
    }
  }

  function render(state: ChatState) {
    renderHeader(state);
    const ready = state.phase === 'ready';
    const conversation = state.conversation;
    const isResolved = conversation?.status === 'resolved';
    const isPending = conversation?.status === 'pending' || state.handoffRequested;
    const hasAgent = (conversation?.agentIds.length ?? 0) > 0;

    details.render(state);
    closeButton.setAttribute('aria-label', t('close'));
    closeButton.title = t('close');

    connection.textContent = !state.online
      ? t('offline')
      : state.live === 'reconnecting'
        ? t('reconnecting')
        : state.live === 'failed'
          ? t('liveFailed')
          : '';
    connection.hidden = !connection.textContent;
    flash.hidden = !flash.textContent;

    status.textContent =
      state.phase === 'starting'
        ? t('loading')
        : ready &&
            state.messages.length === 0 &&
            state.outgoing.length === 0 &&
            !greetingMessage(state)
          ? t('empty')
          : '';
    const awayNow = ready && state.chatbot !== null && isAway(state.chatbot, now());
    awayTitle.textContent = t('awayTitle');
    awayText.textContent = state.chatbot?.awayMessage || t('awayDefault');
    away.hidden = !awayNow;
    status.hidden = !status.textContent;
    messageList.setAttribute('aria-label', t('messages'));
    renderMessages(state);
    typing.textContent = state.agentTyping
      ? t('agentTyping')
      : state.awaitingReply && state.chatbot
        ? t('typing', { name: state.chatbot.name })
        : '';
    typing.hidden = !typing.textContent;

    errorText.textContent = localError
      ? t(localError)
      : state.error
        ? chatErrorText(i18n, state.error)
        : '';
    error.hidden = !errorText.textContent;
    retry.textContent = t('retry');
    retry.hidden = state.phase !== 'failed';
    dismissError.textContent = t('dismiss');
    dismissError.hidden = state.phase === 'failed';

    resolvedText.textContent = t('resolved');
    startNew.textContent = t('startNew');
    resolved.hidden = !ready || !isResolved;
    rating.render(state);

    handoff.textContent = t('talkToPerson');
    handoff.hidden = !ready || !state.conversationId || isResolved || isPending || hasAgent;
    pending.textContent = ready && isPending && !isResolved && !hasAgent ? t('pending') : '';
    pending.hidden = !pending.textContent;
    actions.hidden = handoff.hidden && pending.hidden;

    const questions =
      ready && !state.conversationId && state.outgoing.length === 0
        ? preChatQuestions(state.chatbot, state.visitor)
        : [];
    askingPreChat = questions.length > 0;
    preChat.render(state, questions);
    // In the document only while it asks: its fields are not the details form's twins meanwhile.
    if (askingPreChat && !preChat.element.isConnected) composer.before(preChat.element);
    if (!askingPreChat) preChat.element.remove();
    composer.hidden = !ready || isResolved || askingPreChat;
    textLabel.textContent = t('messageLabel');
    text.placeholder = t('placeholder');
    attach.setAttribute('aria-label', state.uploading ? t('uploading') : t('attach'));
    attach.title = t('attach');
    attach.disabled = state.uploading;
    const sending = state.outgoing.length > 0 || state.uploading;
    send.textContent = sending ? t('sending') : t('send');
    send.disabled = sending;
  }

  function refresh() {
    items.forEach((item) => item.remove());
    items = new Map();
    shownAvatar = undefined;
    render(session.state);
  }

  // What the visitor does.
  async function submit() {
    const content = text.value;
    if (!content.trim() || send.disabled) return;
    text.value = '';
    resize();
    if (!(await session.send(content)) && !text.value) {
      text.value = content;
      resize();
    }
  }
  function resize() {
    text.style.height = 'auto';
    text.style.height = `${Math.min(text.scrollHeight, 120)}px`;
  }
  composer.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  text.addEventListener('keydown', (event) => {
    // Enter sends; Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void submit();
    }
  });
  text.addEventListener('input', () => {
    resize();
    if (text.value.trim()) session.typing();
  });
  attach.addEventListener('click', () => file.click());
  file.addEventListener('change', async () => {
    const picked = file.files?.[0];
    file.value = '';
    if (!picked) return;
    if (!picked.type.startsWith('image/')) {
      localError = 'notImage';
      render(session.state);
      return;
    }
    localError = null;
    const caption = text.value;
    text.value = '';
    if (!(await session.sendImage(picked, caption)) && !text.value) text.value = caption;
  });
  handoff.addEventListener('click', () => void session.handoff());
  startNew.addEventListener('click', () => {
    session.startNew();
    text.focus();
  });
  retry.addEventListener('click', () => void session.start());
  dismissError.addEventListener('click', () => {
    localError = null;
    session.dismissError();
    render(session.state);
  });

  closeButton.addEventListener('click', () => options.onClose?.());
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    if (details.isOpen()) {
      details.close();
    } else {
      options.onClose?.();
    }
  });

  session.subscribe(render);
  render(session.state);
  // Opening and closing times pass while the window is open.
  setInterval(() => render(session.state), 60_000);
  return {
    refresh,
    focus: () => (askingPreChat ? preChat.focus() : text.focus()),
  };
}
