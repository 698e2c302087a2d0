import type { i18n } from 'i18next';
import type { ChatState } from './chat-state';
import { h } from './dom';

export interface RatingPrompt {
  /** The prompt, then its thanks: placed by the view where the resolved conversation ends. */
  element: HTMLElement;
  render(state: ChatState): void;
}

const ratings = [1, 2, 3, 4, 5] as const;

/**
 * After a conversation is resolved, the customer is asked to rate it (issue 18): five stars as
 * radio buttons (arrow keys move between them; each is named "N stars"), an optional comment and
 * a send button. Once the conversation carries a rating the prompt gives way to a thanks.
 */
export function ratingPrompt({
  i18n,
  onSubmit,
}: {
  i18n: i18n;
  /** Resolves whether the rating was stored. */
  onSubmit: (rating: number, comment: string) => Promise<boolean>;
}): RatingPrompt {
  const t = i18n.t.bind(i18n);
  const legend = h('legend', { id: 'parley-rating-legend' });
  const stars = ratings.map((value) => {
    const input = h('input', {
      type: 'radio',
      name: 'rating',
      value: String(value),
      id: `parley-rating-${value}`,
      class: 'visually-hidden',
    });
    const name = h('span', { class: 'visually-hidden' });
    const glyph = h('span', { 'aria-hidden': 'true' }, '☆');
    const label = h('label', { for: input.id }, glyph, name);
    return { value, input, label, name, glyph };
  });
  const fieldset = h(
    'fieldset',
    { class: 'stars' },
    legend,
    ...stars.flatMap(({ input, label }) => [input, label]),
  );
  const comment = h('textarea', { id: 'parley-rating-comment', rows: '2', maxlength: '1000' });
  const commentLabel = h('label', { for: comment.id });
  const choose = h('p', { class: 'rating-hint', id: 'parley-rating-hint' });
  const submit = h('button', { type: 'submit', class: 'primary' });
  const form = h(
    'form',
    { class: 'rating', 'aria-labelledby': legend.id },
    fieldset,
    h('div', { class: 'field' }, commentLabel, comment),
    choose,
    submit,
  );
  const thanks = h('p', { class: 'notice success rating-thanks', role: 'status' });
  const element = h('div', { class: 'rating-box' }, form, thanks);

  const chosen = () => stars.find(({ input }) => input.checked)?.value;
  function paintStars() {
    const value = chosen() ?? 0;
    for (const star of stars) {
      star.glyph.textContent = star.value <= value ? '★' : '☆';
      star.label.classList.toggle('filled', star.value <= value);
    }
  }
  for (const { input } of stars) {
    input.addEventListener('change', () => {
      choose.textContent = '';
      fieldset.removeAttribute('aria-describedby');
      paintStars();
    });
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const value = chosen();
    if (value === undefined) {
      choose.textContent = t('ratingChoose');
      fieldset.setAttribute('aria-describedby', choose.id);
      stars[0]?.input.focus();
      return;
    }
    if (await onSubmit(value, comment.value)) thanks.focus();
  });

  let shownFor: string | null = null;
  return {
    element,
    render(state) {
      const conversation = state.conversation;
      const resolved = state.phase === 'ready' && conversation?.status === 'resolved';
      element.hidden = !resolved;
      if (!conversation || !resolved) return;
      // A new resolved conversation starts with an empty form.
      if (shownFor !== conversation.id) {
        shownFor = conversation.id;
        form.reset();
        choose.textContent = '';
        paintStars();
      }
      const rated = conversation.rating !== null;
      form.hidden = rated;
      thanks.hidden = !rated;
      thanks.tabIndex = -1;
      thanks.textContent = rated ? t('ratingThanks') : '';
      legend.textContent = t('ratingQuestion');
      for (const star of stars) star.name.textContent = t('ratingStars', { count: star.value });
      commentLabel.textContent = t('ratingComment');
      submit.textContent = state.ratingSending ? t('sending') : t('ratingSend');
      submit.disabled = state.ratingSending;
    },
  };
}
