import type { i18n } from 'i18next';
import type { PreChatFieldMode, WidgetChatbot, WidgetVisitor } from 'shared-sdk/schemas';
import type { ChatSession, ChatState } from './chat-state';
import { h } from './dom';

export type PreChatQuestion = 'name' | 'email';
const questionOrder: PreChatQuestion[] = ['name', 'email'];

/**
 * What the chatbot's pre-chat form asks this visitor before their first message: nothing when
 * it is off, or when they answered it already (unless a question since made required is still
 * unanswered on their record).
 */
export function preChatQuestions(
  chatbot: WidgetChatbot | null,
  visitor: WidgetVisitor,
): PreChatQuestion[] {
  if (!chatbot) return [];
  const form = chatbot.preChatForm;
  const asked = questionOrder.filter((question) => form[question] !== 'off');
  if (asked.length === 0 || !visitor.preChatAnswered) return asked;
  const missing =
    (form.name === 'required' && !visitor.firstName.trim()) ||
    (form.email === 'required' && !visitor.email);
  return missing ? asked : [];
}

// The server checks the address properly (and says so); this catches a slip before the trip.
const emailShape = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Field {
  row: HTMLElement;
  label: HTMLLabelElement;
  input: HTMLInputElement;
  error: HTMLElement;
}

export interface PreChatForm {
  element: HTMLFormElement;
  /** Shows the form asking `questions` (none: hidden). */
  render(state: ChatState, questions: PreChatQuestion[]): void;
  focus(): void;
}

/**
 * The form a new visitor fills in before writing: their name and/or e-mail as the chatbot asks,
 * each optional or required. Errors sit under their field, named by it (aria-describedby), and
 * the first wrong field takes the focus. The answers go on the visitor's customer record.
 */
export function mountPreChatForm({
  session,
  i18n,
  onAnswered,
}: {
  session: ChatSession;
  i18n: i18n;
  /** The form was answered: the composer takes over. */
  onAnswered: () => void;
}): PreChatForm {
  const t = i18n.t.bind(i18n);
  const makeField = (name: PreChatQuestion, type: string, autocomplete: string): Field => {
    const input = h('input', {
      id: `parley-prechat-${name}`,
      name,
      type,
      maxlength: name === 'email' ? '254' : '120',
      autocomplete,
    });
    const error = h('p', { class: 'field-error', id: `parley-prechat-${name}-error` });
    const label = h('label', { for: input.id });
    return { row: h('div', { class: 'field' }, label, input, error), label, input, error };
  };
  const fields: Record<PreChatQuestion, Field> = {
    name: makeField('name', 'text', 'name'),
    email: makeField('email', 'email', 'email'),
  };
  const heading = h('h2', { id: 'parley-prechat-heading' });
  const intro = h('p', { class: 'intro' });
  const submit = h('button', { type: 'submit', class: 'primary' });
  const element = h(
    'form',
    { class: 'details prechat', 'aria-labelledby': heading.id, novalidate: true, hidden: true },
    heading,
    intro,
    fields.name.row,
    fields.email.row,
    h('div', { class: 'row' }, submit),
  );
  let asked: PreChatQuestion[] = [];
  let modes: Record<PreChatQuestion, PreChatFieldMode> = { name: 'off', email: 'off' };

  function showError(question: PreChatQuestion, message: string) {
    const { input, error } = fields[question];
    error.textContent = message;
    error.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }

  function check(question: PreChatQuestion): string {
    const value = fields[question].input.value.trim();
    if (!value) {
      if (modes[question] !== 'required') return '';
      return question === 'name' ? t('preChatNameRequired') : t('preChatEmailRequired');
    }
    return question === 'email' && !emailShape.test(value) ? t('preChatEmailInvalid') : '';
  }

  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (session.state.savingPreChat) return;
    const problems = asked.map((question) => [question, check(question)] as const);
    for (const [question, message] of problems) showError(question, message);
    const firstWrong = problems.find(([, message]) => message);
    if (firstWrong) {
      fields[firstWrong[0]].input.focus();
      return;
    }
    const answers = Object.fromEntries(
      asked.map((question) => [question, fields[question].input.value.trim()]),
    );
    if (await session.answerPreChat(answers)) onAnswered();
  });
  for (const question of questionOrder) {
    // A field already flagged follows the typing (the message goes once it is right).
    fields[question].input.addEventListener('input', () => {
      if (fields[question].error.textContent) showError(question, check(question));
    });
  }

  return {
    element,
    render(state, questions) {
      const opening = element.hidden && questions.length > 0;
      element.hidden = questions.length === 0;
      asked = questions;
      if (state.chatbot) modes = state.chatbot.preChatForm;
      heading.textContent = t('preChatTitle');
      intro.textContent = t('preChatIntro');
      for (const question of questionOrder) {
        const { row, label, input } = fields[question];
        row.hidden = !questions.includes(question);
        const required = modes[question] === 'required';
        label.textContent = t(question === 'name' ? 'preChatName' : 'email');
        if (!required) label.append(h('span', { class: 'optional' }, ` ${t('optional')}`));
        input.required = required;
        input.setAttribute('aria-required', String(required));
      }
      if (opening) {
        // What the visitor (or the page's Parley.identify) told already fills the form.
        const { firstName, lastName, email } = state.visitor;
        fields.name.input.value = [firstName, lastName].filter(Boolean).join(' ');
        fields.email.input.value = email ?? '';
        for (const question of questionOrder) showError(question, '');
      }
      submit.textContent = state.savingPreChat ? t('saving') : t('preChatStart');
      submit.disabled = state.savingPreChat;
    },
    focus() {
      const first = asked[0];
      if (first) fields[first].input.focus();
    },
  };
}
