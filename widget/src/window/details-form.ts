import type { i18n } from 'i18next';
import type { ChatSession, ChatState } from './chat-state';
import { h } from './dom';

export interface DetailsForm {
  /** The header's "Your details" button, which opens and closes the form. */
  toggle: HTMLButtonElement;
  element: HTMLFormElement;
  render(state: ChatState): void;
  isOpen(): boolean;
  /** Closes the form and gives the focus back to its button. */
  close(): void;
}

/**
 * The visitor's details (first and last name, e-mail, order id), opened from the header at any
 * time; what the page's `Parley.identify` sets shows here too, so the visitor can correct it.
 */
export function mountDetailsForm({
  session,
  i18n,
  onOpen,
  onSaved,
}: {
  session: ChatSession;
  i18n: i18n;
  /** Opened: an earlier "saved" notice no longer applies. */
  onOpen: () => void;
  /** Saved: the view says so where the visitor is looking. */
  onSaved: () => void;
}): DetailsForm {
  const t = i18n.t.bind(i18n);
  const toggle = h('button', {
    type: 'button',
    class: 'header-button',
    'aria-expanded': 'false',
    'aria-controls': 'parley-details',
  });
  const field = (name: string, type: string, maxLength: string, autocomplete: string) => {
    const input = h('input', {
      id: `parley-${name}`,
      name,
      type,
      maxlength: maxLength,
      autocomplete,
    });
    const label = h('label', { for: input.id });
    return { input, label, row: h('div', { class: 'field' }, label, input) };
  };
  const fields = {
    firstName: field('firstName', 'text', '120', 'given-name'),
    lastName: field('lastName', 'text', '120', 'family-name'),
    email: field('email', 'email', '254', 'email'),
    orderId: field('orderId', 'text', '120', 'off'),
  };
  const save = h('button', { type: 'submit', class: 'primary' });
  const cancel = h('button', { type: 'button', class: 'secondary' });
  const heading = h('h2', { id: 'parley-details-heading' });
  const element = h(
    'form',
    { class: 'details', id: 'parley-details', 'aria-labelledby': heading.id, hidden: true },
    heading,
    ...Object.values(fields).map(({ row }) => row),
    h('div', { class: 'row' }, save, cancel),
  );

  function show(open: boolean) {
    element.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    if (!open) return;
    onOpen();
    const customer = session.state.customer;
    for (const [name, { input }] of Object.entries(fields)) {
      input.value = customer[name as keyof typeof fields] ?? '';
    }
    fields.firstName.input.focus();
  }
  function close() {
    show(false);
    toggle.focus();
  }
  toggle.addEventListener('click', () => show(Boolean(element.hidden)));
  cancel.addEventListener('click', close);
  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    const identity = Object.fromEntries(
      Object.entries(fields).map(([name, { input }]) => [name, input.value.trim()]),
    );
    if (await session.identify(identity)) {
      close();
      onSaved();
    }
  });

  return {
    toggle,
    element,
    isOpen: () => !element.hidden,
    close,
    render(state) {
      toggle.textContent = t('yourDetails');
      toggle.hidden = state.phase !== 'ready';
      heading.textContent = t('yourDetails');
      for (const [name, { label }] of Object.entries(fields)) {
        label.textContent = t(name as keyof typeof fields);
      }
      save.textContent = state.savingDetails ? t('saving') : t('save');
      save.disabled = state.savingDetails;
      cancel.textContent = t('cancel');
    },
  };
}
