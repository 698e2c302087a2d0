// bench/bot's accuracy figures (see bot.mjs): what the bot and the agent's copilot do with the
// labelled questions, the settings chosen or fitted on the dev split, and where right answers are
// lost. `lab` is the run's labelled set with its indexes: { businesses, indexOf(method,
// business), queryOf(text) (a question's vector), pairOf(id) (the pair a taught wording words) }.
import { chooseThreshold, fitDecision, fitRanking } from './bot-fit.mjs';
import {
  asksForPerson,
  copilotSuggestions,
  decideReply,
  decisionInputNames,
  decisionInputs,
  defaultConfidenceThresholds,
  featureNames,
  fuseCandidates,
  maxUnknownSuggested,
  negativeWeight,
  pairProbability,
  productQuestion,
  searchTraining,
  smallTalk,
  suggestionPrecisionGoal,
  withoutGreeting,
} from './bot-modules.mjs';

export const percent = (part, whole) => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '—');

/** What the bot does with each question of `split` by `method`, over every business. */
export function evaluate(lab, method, split, meaning) {
  const { businesses, indexOf, queryOf, pairOf } = lab;
  const tally = {
    asked: 0,
    right: 0,
    wrong: 0,
    handedOver: 0,
    suggested: 0,
    suggestedRight: 0,
    unknown: 0,
    unknownHandedOver: 0,
    unknownSuggested: 0,
  };
  const mistakes = [];
  const suggested = (reply) => reply.suggestions.map(({ pairId }) => pairOf(pairId));
  for (const business of businesses) {
    const index = indexOf(method, business);
    const query = (text) => (method === 'meaning' ? queryOf(text) : undefined);
    const decide = (text) =>
      decideReply(index, text, query(text), defaultConfidenceThresholds, meaning).reply;
    for (const { text, id } of business.inScope.filter((question) => question.split === split)) {
      tally.asked++;
      const reply = decide(text);
      const answered = reply.kind === 'answer' ? pairOf(reply.sources[0]?.id) : undefined;
      if (reply.kind === 'handoff') tally.handedOver++;
      else if (reply.kind === 'suggestions') {
        tally.suggested++;
        if (suggested(reply).includes(id)) tally.suggestedRight++;
      } else if (answered === id) tally.right++;
      else tally.wrong++;
      if (answered !== id && reply.kind !== 'suggestions')
        mistakes.push(`${business.name}: "${text}" (${id}) → ${answered ?? 'handed over'}`);
    }
    for (const { text } of business.unknown.filter((question) => question.split === split)) {
      tally.unknown++;
      const reply = decide(text);
      if (reply.kind === 'handoff') tally.unknownHandedOver++;
      else if (reply.kind === 'suggestions') tally.unknownSuggested++;
      else mistakes.push(`${business.name}: unknown "${text}" → ${reply.sources[0]?.id}`);
    }
  }
  return { ...tally, mistakes };
}

/** The accuracy table: each figure of `evaluate` by method and split, beside its goal. */
export function printAccuracy(results, businessCount, goals) {
  const rows = [
    ['in scope answered right', (r) => percent(r.right, r.asked), `≥ ${goals.right * 100}%`],
    ['in scope answered wrong', (r) => percent(r.wrong, r.asked), `≤ ${goals.wrong * 100}%`],
    ['in scope handed over', (r) => percent(r.handedOver, r.asked), ''],
    ['in scope: suggestions shown', (r) => percent(r.suggested, r.asked), ''],
    ['  …holding the right pair', (r) => percent(r.suggestedRight, r.suggested), ''],
    [
      'unknown handed over at once',
      (r) => percent(r.unknownHandedOver, r.unknown),
      `≥ ${goals.unknownHandedOver * 100}%`,
    ],
    ['unknown: suggestions shown', (r) => percent(r.unknownSuggested, r.unknown), ''],
    [
      'unknown handed over (+None)',
      (r) => percent(r.unknownHandedOver + r.unknownSuggested, r.unknown),
      `≥ ${goals.unknownHandedOver * 100}%`,
    ],
    ['answered or right suggested', (r) => percent(r.right + r.suggestedRight, r.asked), ''],
  ];
  const test = results['meaning test'];
  console.log(
    `\nlabelled set: ${businessCount} businesses; test split ${test.asked} in-scope and ` +
      `${test.unknown} unknown questions, dev split ${results['meaning dev'].asked} and ` +
      `${results['meaning dev'].unknown}`,
  );
  const columns = Object.keys(results);
  console.log(`${''.padEnd(26)}${columns.map((c) => c.padStart(15)).join('')}   goal`);
  for (const [label, figure, goal] of rows)
    console.log(
      `${label.padEnd(26)}${columns.map((c) => figure(results[c]).padStart(15)).join('')}   ${goal}`,
    );
}

/**
 * The suggest threshold, chosen on the dev split: the least probability (in steps of 0.05, below
 * the answer threshold) at which the suggestions shown held the pair asked about for at least
 * `suggestionPrecisionGoal` of the questions they were shown for, unknown questions counting as
 * misses, and were shown for at most `maxUnknownSuggested` of the unknown questions (those are
 * handed over only after "None of these"). Only the suggestions change with it: what is answered and what is handed over
 * otherwise stays as the answer threshold decides.
 */
export function chooseSuggestThreshold(lab, meaning) {
  const answerAt = meaning.decision.threshold;
  for (let step = 1; step * 0.05 < answerAt; step++) {
    const threshold = Math.round(step * 5) / 100;
    const dev = evaluate(lab, 'meaning', 'dev', { ...meaning, suggestThreshold: threshold });
    const shown = dev.suggested + dev.unknownSuggested;
    if (
      shown > 0 &&
      dev.suggestedRight >= suggestionPrecisionGoal * shown &&
      dev.unknownSuggested <= maxUnknownSuggested * dev.unknown
    )
      return threshold;
  }
  return 1;
}

/** The candidates of every dev question that reaches the search, with what the fit needs. */
function devCandidates(lab, weights) {
  const { businesses, indexOf, queryOf } = lab;
  const questions = [];
  for (const business of businesses) {
    const index = indexOf('meaning', business);
    const asked = [
      ...business.inScope.filter(({ split }) => split === 'dev'),
      ...business.unknown.filter(({ split }) => split === 'dev'),
    ];
    for (const { text, id } of asked) {
      if (asksForPerson(text) || smallTalk(text)) continue;
      const question = withoutGreeting(text);
      const { hits } = searchTraining(index, question, productQuestion(question));
      const candidates = fuseCandidates(index, queryOf(text), hits, weights);
      questions.push({
        id,
        candidates,
        information: index.information(question),
        right: id ? candidates.findIndex((c) => c.id === id) : -1,
      });
    }
  }
  return questions;
}

/** Refits the ranking weights and the decision on the dev split; prints and returns them. */
export function fit(lab, goals) {
  const ranking = fitRanking(
    devCandidates(lab).filter(({ right }) => right >= 0),
    featureNames,
  );
  const ranked = devCandidates(lab, ranking).filter(({ candidates }) => candidates.length > 0);
  const samples = ranked.map(({ id, candidates: [best, next], information }) => ({
    inputs: decisionInputs(best, next, information),
    label: id !== undefined && best.id === id ? 1 : 0,
  }));
  const fitted = fitDecision(samples, decisionInputNames, { negativeWeight });
  const outcomes = ranked.map(({ id, candidates: [best, next], information }) => ({
    probability: pairProbability(best, next, information, { ...fitted, threshold: 0 }),
    kind: id === undefined ? 'unknown' : best.id === id ? 'right' : 'wrong',
  }));
  const threshold = chooseThreshold(outcomes, {
    maxWrong: goals.wrong,
    minUnknownHandedOver: goals.unknownHandedOver,
  });
  const settings = { weights: ranking, decision: { ...fitted, threshold } };
  console.log('fitted on the dev split (paste into fusion.ts and pair-decision.ts):');
  console.log(JSON.stringify(settings, null, 2));
  return settings;
}

/**
 * The agent's copilot on `split`: how often its first suggested answer is the pair the question
 * belongs to, how often that pair is among the three shown, and how often anything is shown for
 * a question the training cannot answer (nothing should be).
 */
export function evaluateCopilot(lab, split, meaning, minProbability) {
  const { businesses, indexOf, queryOf, pairOf } = lab;
  const tally = { asked: 0, first: 0, shown: 0, inThree: 0, unknown: 0, unknownShown: 0 };
  for (const business of businesses) {
    const index = indexOf('meaning', business);
    const suggest = (text) =>
      copilotSuggestions(
        index,
        text,
        queryOf(text),
        defaultConfidenceThresholds,
        meaning,
        minProbability,
      );
    for (const { text, id } of business.inScope.filter((question) => question.split === split)) {
      tally.asked++;
      const shown = suggest(text).map((each) => (each.kind === 'qna' ? pairOf(each.id) : each.id));
      if (shown.length > 0) tally.shown++;
      if (shown[0] === id) tally.first++;
      if (shown.includes(id)) tally.inThree++;
    }
    for (const { text } of business.unknown.filter((question) => question.split === split)) {
      tally.unknown++;
      if (suggest(text).length > 0) tally.unknownShown++;
    }
  }
  return tally;
}
/**
 * The copilot's floor, chosen on the dev split: the least probability of the best pair (in steps
 * of 0.02) at which suggestions are shown for at most `goals.copilotUnknownShown` of the unknown
 * questions. Lower shows the agent more right pairs and more noise.
 */
export function chooseCopilotFloor(lab, meaning, goals) {
  for (let step = 1; step * 0.02 < meaning.decision.threshold; step++) {
    const floor = Math.round(step * 2) / 100;
    const dev = evaluateCopilot(lab, 'dev', meaning, floor);
    if (dev.unknownShown <= goals.copilotUnknownShown * dev.unknown) return floor;
  }
  return meaning.decision.threshold;
}

/**
 * Where the meaning method loses right answers on `split`: the rank the ranking gave the pair asked
 * about, against what the bot did with the question. A question one pair was taught in its words
 * or nearly (sameQuestion) is its own row: it never reaches the ranking.
 */
export function breakdown(lab, split, meaning) {
  const { businesses, indexOf, queryOf, pairOf } = lab;
  const ranks = ['taught wording', 'ranked first', 'ranked 2nd-3rd', 'ranked lower', 'not found'];
  const outcomes = ['answered right', 'suggested', 'handed over', 'answered wrong'];
  const table = new Map(ranks.map((rank) => [rank, new Map(outcomes.map((o) => [o, 0]))]));
  let asked = 0;
  for (const business of businesses) {
    const index = indexOf('meaning', business);
    for (const { text, id } of business.inScope.filter((question) => question.split === split)) {
      if (asksForPerson(text) || smallTalk(text)) continue;
      asked++;
      const question = withoutGreeting(text);
      let rank = 'taught wording';
      if (!index.sameQuestion(question)) {
        const { hits } = searchTraining(index, question, productQuestion(question));
        const at = fuseCandidates(index, queryOf(text), hits, meaning.weights).findIndex(
          (candidate) => pairOf(candidate.id) === id,
        );
        rank = ranks[at < 0 ? 4 : at === 0 ? 1 : at < 3 ? 2 : 3];
      }
      const reply = decideReply(
        index,
        text,
        queryOf(text),
        defaultConfidenceThresholds,
        meaning,
      ).reply;
      const outcome =
        reply.kind === 'handoff'
          ? 'handed over'
          : reply.kind === 'suggestions'
            ? 'suggested'
            : pairOf(reply.sources[0]?.id) === id
              ? 'answered right'
              : 'answered wrong';
      const row = table.get(rank);
      row.set(outcome, row.get(outcome) + 1);
    }
  }
  console.log(
    `\nwhere right answers are lost, meaning method, ${split} split (${asked} questions):`,
  );
  console.log(`${''.padEnd(18)}${outcomes.map((o) => o.padStart(16)).join('')}           all`);
  for (const rank of ranks) {
    const row = table.get(rank);
    const all = [...row.values()].reduce((a, b) => a + b, 0);
    const cells = outcomes.map((o) => percent(row.get(o), asked).padStart(16)).join('');
    console.log(`${rank.padEnd(18)}${cells}${percent(all, asked).padStart(14)}`);
  }
}
