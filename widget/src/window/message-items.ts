import type { i18n } from 'i18next';
import { formatPrice, lowStockThreshold, storedImageSources } from 'shared-sdk';
import type { Message, MessageAttachment, ProductCard, SourceLink } from 'shared-sdk/schemas';
import type { ChatState, OutgoingMessage } from './chat-state';
import { h } from './dom';

/**
 * Builds the list item of one message: its author, its text, form and attachments, and its time
 * (or "sending" while it is on its way).
 */
export function messageItemBuilder({
  i18n,
  loadAttachment,
  chooseSuggestion,
}: {
  i18n: i18n;
  /** A local (blob:) URL of an attachment: downloading it takes the visitor token. */
  loadAttachment: (attachment: MessageAttachment) => Promise<string>;
  /** The customer chose a suggested pair, or "None of these" (null). */
  chooseSuggestion: (messageId: string, pairId: string | null) => Promise<void>;
}) {
  const t = i18n.t.bind(i18n);

  const formatTime = (timestamp: string) => {
    const date = new Date(timestamp);
    return Number.isNaN(date.getTime())
      ? ''
      : new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit' }).format(date);
  };

  function authorOf(message: Message | OutgoingMessage, state: ChatState): string {
    if (!('role' in message) || message.role === 'user') return t('roleUser');
    if (message.role === 'agent') return t('roleAgent');
    return t('roleBot', { name: state.chatbot?.name ?? '' });
  }

  /** The file's name at once; the image (or a link to the file) once it is downloaded. */
  function attachmentNode(attachment: MessageAttachment): Node {
    const name = attachment.originalName;
    const box = h('span', { class: 'attachment' }, name);
    loadAttachment(attachment).then(
      (url) => {
        const isImage = attachment.contentType.startsWith('image/');
        const link = h('a', { href: url, target: '_blank', rel: 'noopener', download: name });
        link.append(isImage ? h('img', { src: url, alt: name }) : name);
        box.replaceChildren(link);
      },
      () => undefined, // The name stays: the file cannot be fetched now.
    );
    return box;
  }

  /**
   * product-spec.md §3 message "optional form" (e.g. details an agent sends): field and value, in the
   * order given. Text nodes only: names and values are whatever the sender typed.
   */
  function formNode(form: Record<string, string>): HTMLDListElement {
    const list = h('dl', { class: 'form' });
    for (const [name, value] of Object.entries(form)) {
      list.append(h('div', {}, h('dt', {}, name), h('dd', {}, value)));
    }
    return list;
  }

  /** A bot answer's product: photo, name, price in the shop's currency and stock in words. */
  function productCardNode(card: ProductCard): HTMLElement {
    const price = formatPrice(card.price, card.currency, i18n.language);
    const stock =
      card.stock === 0
        ? t('stockOut')
        : card.stock <= lowStockThreshold
          ? t('stockLow', { count: card.stock })
          : t('stockIn');
    const box = h('div', { class: 'product-card', role: 'group', 'aria-label': card.name });
    if (card.photoUrl) {
      const { src, srcSet } = storedImageSources(card.photoUrl, 64);
      box.append(h('img', { src, srcset: srcSet, alt: '' }));
    }
    box.append(
      h(
        'div',
        {},
        h('strong', {}, card.name),
        h('span', { class: 'price' }, price),
        h('span', { class: `stock${card.stock === 0 ? ' out' : ''}` }, stock),
      ),
    );
    return box;
  }

  /** The web page a bot answer came from, to read in full; only http(s) addresses are linked. */
  function sourceLinkNode(link: SourceLink): HTMLElement | undefined {
    if (!/^https?:\/\//i.test(link.url)) return undefined;
    return h(
      'p',
      { class: 'source' },
      `${t('source')} `,
      h(
        'a',
        { href: link.url, target: '_blank', rel: 'noopener noreferrer' },
        link.title || link.url,
      ),
    );
  }

  /**
   * "Did you mean…": each suggested question a button (the bot answers it), then "None of
   * these" (a person is asked). Every button is disabled at the first click: one choice per
   * message, and the answer arrives live.
   */
  function suggestionsNode(message: Message): HTMLElement {
    const buttons: HTMLButtonElement[] = [];
    const choose = (pairId: string | null) => {
      for (const button of buttons) button.disabled = true;
      void chooseSuggestion(message.id, pairId).finally(() => {
        for (const button of buttons) if (button.isConnected) button.disabled = false;
      });
    };
    for (const suggestion of message.suggestions ?? []) {
      const button = h('button', { type: 'button', class: 'suggestion' }, suggestion.question);
      button.addEventListener('click', () => choose(suggestion.pairId));
      buttons.push(button);
    }
    const none = h('button', { type: 'button', class: 'suggestion none' }, t('noneOfThese'));
    none.addEventListener('click', () => choose(null));
    buttons.push(none);
    return h(
      'div',
      { class: 'suggestions', role: 'group', 'aria-label': t('didYouMean') },
      ...buttons,
    );
  }

  return function messageItem(message: Message | OutgoingMessage, state: ChatState): HTMLLIElement {
    const role = 'role' in message ? message.role : 'user';
    const bubble = h('div', { class: 'bubble' });
    if (message.content) bubble.append(h('p', { class: 'text' }, message.content));
    if ('form' in message && message.form && Object.keys(message.form).length > 0) {
      bubble.append(formNode(message.form));
    }
    if ('productCard' in message && message.productCard) {
      bubble.append(productCardNode(message.productCard));
    }
    if ('suggestions' in message && openSuggestions(message, state)) {
      bubble.append(suggestionsNode(message));
    }
    const source =
      'sourceLink' in message && message.sourceLink && sourceLinkNode(message.sourceLink);
    if (source) bubble.append(source);
    if ('attachments' in message) bubble.append(...message.attachments.map(attachmentNode));
    else if (message.imageName) bubble.append(h('p', { class: 'text' }, message.imageName));
    // The greeting shown before a chat starts has no time yet.
    const meta = !('timestamp' in message)
      ? h('span', {}, t('sending'))
      : message.timestamp
        ? h('time', { datetime: message.timestamp }, formatTime(message.timestamp))
        : '';
    return h(
      'li',
      { class: `message ${role}${'localId' in message ? ' outgoing' : ''}` },
      h('span', { class: 'author' }, authorOf(message, state)),
      bubble,
      h('span', { class: 'meta' }, meta),
    );
  };
}

/**
 * Whether the customer can still choose among the message's suggestions: none chosen yet, it is
 * the conversation's latest message, and the bot still answers the conversation.
 */
export function openSuggestions(message: Message, state: ChatState): boolean {
  const conversation = state.conversation;
  return (
    !!message.suggestions &&
    !message.suggestionChoice &&
    state.messages.at(-1)?.id === message.id &&
    conversation?.status === 'open' &&
    conversation.agentIds.length === 0
  );
}
