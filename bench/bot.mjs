// bench/bot: the bot's reply decision (api/src/bot) on labelled customer questions, by two methods
// side by side: "previous" is the full-text search alone (BM25+ and its confidence thresholds,
// confidence.ts); "meaning" adds the sentence encoder (api/assets/sentence-encoder), its vectors
// fused with the full-text search (fusion.ts) and trusted by a fitted decision (pair-decision.ts).
// - Accuracy: bench/bot-data/labelled-set.mjs, five businesses, each its own workspace; each
//   business's paraphrases and unknown questions alternate dev, test. Everything the meaning
//   method was fitted and tuned on is the dev split (`--fit` refits it there and prints the
//   settings); the figures that count are the test split's.
// - Suggestions ("Did you mean…"): the suggest threshold is chosen on the dev split at every run
//   (chooseSuggestThreshold); the test split's rows say how often suggestions are shown, how often
//   they hold the right pair, and how many unknown questions are handed over at once or only
//   after "None of these".
// - Latency: the full reply decision, the question's embedding included, over the 5,000-pair
//   corpus of a bike shop (bench/bot-data/generate-corpus.mjs), and over the same with 50,000 page
//   passages (`--passages`), p50/p95/p99 (goal p95 ≤ 15 ms); the time to embed the 5,000 pairs
//   (goal ≤ 60 s), the process's resident memory with that index (goal ≤ 300 MB), and the
//   encoder's load time.
// - Where right answers are lost (`--breakdown`, dev split by default): for each in-scope question,
//   where the ranking put the pair asked about (first, second or third, lower, not found) against
//   what the bot did (answered it, suggested it, handed over, answered another pair).
// - `--wordings`: each business is also taught its dev paraphrases, each as a pair of its own with
//   the pair's answer (as "Save as Q&A" adds them), and the test split is asked of that training:
//   what more wordings of the same questions do. A wording's pair counts as the pair it words.
// - The agent's copilot (deciding/copilot-suggestions.ts): how often the first answer suggested
//   beside the reply box is the pair the question belongs to, beside how often the bot itself
//   answered it right, and how often anything is suggested for an unknown question.
//   node --expose-gc bench/bot.mjs [--fit] [--mistakes dev|test] [--breakdown dev|test] [--wordings]
//     [--queries 3000] [--passages 50000]
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildCorpus } from './bot-data/generate-corpus.mjs';
import { loadBusinesses } from './bot-data/labelled-set.mjs';
import { reportFigures } from './bench-kit.mjs';
import {
  breakdown,
  chooseCopilotFloor,
  chooseSuggestThreshold,
  evaluate,
  evaluateCopilot,
  fit,
  percent,
  printAccuracy,
} from './bot-accuracy.mjs';
import { heldElsewhere, holdAndTime, pagesOf, spreadVectors, timeDecisions } from './bot-hold.mjs';
import {
  TrainingIndex,
  decideReply,
  defaultConfidenceThresholds,
  defaultMeaningSettings,
  loadSentenceEncoder,
  minCopilotProbability,
  withoutGreeting,
} from './bot-modules.mjs';

const { values } = parseArgs({
  options: {
    fit: { type: 'boolean', default: false },
    mistakes: { type: 'string' },
    queries: { type: 'string', default: '3000' },
    breakdown: { type: 'string', default: 'dev' },
    wordings: { type: 'boolean', default: false },
    passages: { type: 'string', default: '50000' },
    'embedded-passages': { type: 'string', default: '1000' },
    // Internal: the latency and memory run in its own process (bot-hold.mjs).
    hold: { type: 'string' },
    'suggest-threshold': { type: 'string' },
  },
});
// The dev paraphrases are the training under --wordings: nothing can be fitted or read on them.
if (values.wordings && (values.fit || values.breakdown === 'dev'))
  throw new Error(
    '--wordings teaches the dev split: use it with --breakdown test and without --fit',
  );
const goals = {
  right: 0.9,
  wrong: 0.01,
  unknownHandedOver: 0.95,
  p95Ms: 15,
  embedSeconds: 60,
  residentMb: 300,
  copilotFirst: 0.75,
  copilotUnknownShown: 0.25,
};

const encoderStart = performance.now();
const encoder = await loadSentenceEncoder();
const encoderMs = performance.now() - encoderStart;

/** The vectors of texts, each embedded once for the whole run. */
const embedded = new Map();
async function embedAll(texts) {
  const missing = [...new Set(texts)].filter((text) => !embedded.has(text));
  const vectors = await encoder.embed(missing);
  missing.forEach((text, n) => embedded.set(text, vectors[n]));
  return embedded;
}

const methods = {
  previous: () => new TrainingIndex(),
  meaning: () => new TrainingIndex({ dimensions: encoder.dimensions }),
};
const toTraining = ({ id, topics, question, answer }) => ({
  id,
  question,
  answer,
  topicIds: topics,
});
const businesses = loadBusinesses();

// What the latency and memory figures are measured on (see bot-hold.mjs): the bike shop's corpus
// of 5,000 pairs, and every labelled question.
const latencyCorpus = () => buildCorpus(businesses[0].pairs, 5000).map(toTraining);
const latencyTexts = businesses.flatMap((business) => [
  ...business.inScope.map(({ text }) => text),
  ...business.unknown.map(({ text }) => text),
]);
/** The reply decision as the bot service makes it: the question embedded without its greeting. */
const decideWith = (settings) => async (index, text) =>
  decideReply(
    index,
    text,
    (await encoder.embed([withoutGreeting(text)]))[0],
    defaultConfidenceThresholds,
    settings,
  );
if (values.hold) {
  const corpus = latencyCorpus();
  const figures = await holdAndTime({
    TrainingIndex,
    encoder,
    decide: decideWith({
      ...defaultMeaningSettings,
      suggestThreshold: Number(values['suggest-threshold']),
    }),
    corpus,
    pages: pagesOf(corpus, Number(values.passages)),
    texts: latencyTexts,
    runs: Number(values.queries),
    file: values.hold,
  });
  process.stdout.write(JSON.stringify(figures));
  process.exit(0);
}

const wordingMark = '~';
/** The pair a taught wording's pair words (see --wordings), else the id itself. */
const pairOf = (id) => id?.split(wordingMark)[0];
/** The business's dev paraphrases, each a pair with the answer of the pair it words. */
function wordingsOf(business) {
  const pairs = new Map(business.pairs.map((pair) => [pair.id, pair]));
  return business.inScope
    .filter(({ split }) => split === 'dev')
    .map(({ text, id }, n) => ({
      ...toTraining(pairs.get(id)),
      id: `${id}${wordingMark}${n}`,
      question: text,
    }));
}
// Every training text and every question (as the bot reads it, without its greeting), embedded
// once before anything is timed: the decision's timings below add a question's embedding to it.
await embedAll(
  businesses.flatMap((business) => [
    ...TrainingIndex.textsToEmbed({ qnas: business.pairs.map(toTraining) }),
    ...TrainingIndex.textsToEmbed({ qnas: wordingsOf(business) }),
    ...business.inScope.map(({ text }) => withoutGreeting(text)),
    ...business.unknown.map(({ text }) => withoutGreeting(text)),
  ]),
);
/** A question's vector as the bot service passes it to the decision. */
const queryOf = (text) => embedded.get(withoutGreeting(text));

const indexes = new Map();
function indexOf(method, business) {
  const key = `${method}:${business.name}`;
  if (!indexes.has(key)) {
    const index = methods[method]();
    index.upsertQnas(business.pairs.map(toTraining), embedded);
    if (values.wordings) index.upsertQnas(wordingsOf(business), embedded);
    indexes.set(key, index);
  }
  return indexes.get(key);
}
/** The labelled set and its indexes, as bot-accuracy.mjs reads them. */
const lab = { businesses, indexOf, queryOf, pairOf };

const fitted = values.fit
  ? { ...defaultMeaningSettings, ...fit(lab, goals) }
  : defaultMeaningSettings;
const suggestThreshold = values.wordings
  ? defaultMeaningSettings.suggestThreshold
  : chooseSuggestThreshold(lab, fitted);
const meaning = { ...fitted, suggestThreshold };
console.log(
  values.wordings
    ? `suggest threshold as in pair-decision.ts: ${suggestThreshold} (the dev split is training)`
    : `suggest threshold chosen on the dev split: ${suggestThreshold}` +
        (suggestThreshold === defaultMeaningSettings.suggestThreshold
          ? ' (as in pair-decision.ts)'
          : ` (pair-decision.ts has ${defaultMeaningSettings.suggestThreshold}: paste this in)`),
);
const results = {};
for (const method of Object.keys(methods))
  for (const split of ['dev', 'test'])
    results[`${method} ${split}`] = evaluate(lab, method, split, meaning);

const test = results['meaning test'];
printAccuracy(results, businesses.length, goals);

const copilotFloor = chooseCopilotFloor(lab, meaning, goals);
console.log(
  `\ncopilot floor chosen on the dev split: ${copilotFloor}` +
    (copilotFloor === minCopilotProbability
      ? ' (as in copilot-suggestions.ts)'
      : ` (copilot-suggestions.ts has ${minCopilotProbability}: paste this in)`),
);
const copilot = {
  dev: evaluateCopilot(lab, 'dev', meaning, copilotFloor),
  test: evaluateCopilot(lab, 'test', meaning, copilotFloor),
};
console.log(`the agent's copilot (suggested answers), meaning method:`);
console.log(`${''.padEnd(34)}${'dev'.padStart(10)}${'test'.padStart(10)}`);
for (const [label, figure] of [
  ['first suggestion is the right pair', (c) => percent(c.first, c.asked)],
  ['right pair among the three shown', (c) => percent(c.inThree, c.asked)],
  ['in scope: suggestions shown', (c) => percent(c.shown, c.asked)],
  ['unknown: suggestions shown', (c) => percent(c.unknownShown, c.unknown)],
])
  console.log(
    `${label.padEnd(34)}${figure(copilot.dev).padStart(10)}${figure(copilot.test).padStart(10)}`,
  );

console.log(
  `copilot, test split: first suggestion is the question's pair for ` +
    `${percent(copilot.test.first, copilot.test.asked)} (goal ≥ ${goals.copilotFirst * 100}%); ` +
    `the bot itself answered ${percent(test.right, test.asked)} right (the floor)`,
);

reportFigures([
  {
    figure: 'bot, test split: in scope answered right',
    value: percent(test.right, test.asked),
    goal: `≥ ${goals.right * 100}%`,
    met: test.right / test.asked >= goals.right,
  },
  {
    figure: 'bot, test split: in scope answered wrong',
    value: percent(test.wrong, test.asked),
    goal: `≤ ${goals.wrong * 100}%`,
    met: test.wrong / test.asked <= goals.wrong,
  },
  {
    figure: 'bot, test split: unknown handed over at once',
    value: percent(test.unknownHandedOver, test.unknown),
    goal: `≥ ${goals.unknownHandedOver * 100}%`,
    met: test.unknownHandedOver / test.unknown >= goals.unknownHandedOver,
  },
  {
    // The floor is the bot's own right answers on the same questions: what the agent would
    // have had without the copilot's help on a question the bot answered itself.
    figure: "copilot, test split: first suggestion is the question's pair",
    value: percent(copilot.test.first, copilot.test.asked),
    goal: `≥ ${goals.copilotFirst * 100}% (floor: the bot answered right ${percent(test.right, test.asked)})`,
    met:
      copilot.test.first / copilot.test.asked >= goals.copilotFirst &&
      copilot.test.first >= test.right,
  },
  {
    figure: 'copilot, test split: unknown questions with suggestions shown',
    value: percent(copilot.test.unknownShown, copilot.test.unknown),
    goal: `≤ ${goals.copilotUnknownShown * 100}%`,
    met: copilot.test.unknownShown / copilot.test.unknown <= goals.copilotUnknownShown,
  },
]);

if (values.mistakes) {
  console.log(`\nmistakes of the meaning method on the ${values.mistakes} split:`);
  for (const line of results[`meaning ${values.mistakes}`].mistakes) console.log(`  ${line}`);
}

if (values.breakdown) breakdown(lab, values.breakdown, meaning);

// Latency and memory at 5,000 pairs, then with 50,000 page passages besides, in a process that
// holds the encoder and that index only (bot-hold.mjs).
const corpus = latencyCorpus();
const runs = Number(values.queries);
console.log(`\nsentence encoder ${encoder.id}: loaded in ${encoderMs.toFixed(0)} ms`);

const previousTimings = await (() => {
  const previous = methods.previous();
  previous.upsertQnas(corpus);
  return timeDecisions({
    index: previous,
    texts: latencyTexts,
    runs,
    decide: async (index, text) =>
      decideReply(index, text, undefined, defaultConfidenceThresholds, meaning),
  });
})();
const latencyLine = ({ wall, cpu }) =>
  `p50 ${wall.p50.toFixed(2)} ms, p95 ${wall.p95.toFixed(2)} ms, p99 ${wall.p99.toFixed(2)} ms ` +
  `(CPU time p50 ${cpu.p50.toFixed(2)} ms, p95 ${cpu.p95.toFixed(2)} ms)`;
console.log(`previous: reply decision at ${corpus.length} pairs ${latencyLine(previousTimings)}`);

const pairTexts = TrainingIndex.textsToEmbed({ qnas: corpus });
const embedStart = performance.now();
await embedAll(pairTexts);
const embedSeconds = (performance.now() - embedStart) / 1000;

// `--embedded-passages` of the passages embedded for the rate; the others spread from them
// (spreadVectors).
const pages = pagesOf(corpus, Number(values.passages));
const pageTexts = TrainingIndex.textsToEmbed({ pages });
const sample = pageTexts.slice(0, Number(values['embedded-passages']));
const pagesStart = performance.now();
const sampleVectors = await encoder.embed(sample);
const perPassageMs = (performance.now() - pagesStart) / sample.length;
const held = heldElsewhere(
  fileURLToPath(import.meta.url),
  spreadVectors({ pairTexts, embedded, pageTexts, sampleVectors, dimensions: encoder.dimensions }),
  [
    `--queries=${runs}`,
    `--passages=${values.passages}`,
    `--suggest-threshold=${meaning.suggestThreshold}`,
  ],
);
console.log(
  `meaning: ${pairTexts.length} texts of ${corpus.length} pairs embedded in ` +
    `${embedSeconds.toFixed(1)} s; reply decision with the question's embedding ` +
    latencyLine(held.pairs),
);
console.log(
  `meaning: + ${pageTexts.length} page passages (${perPassageMs.toFixed(1)} ms each to embed); ` +
    `reply decision ${latencyLine(held.withPages)}`,
);
const memoryLine = ({ rss, heap, external }) =>
  `${rss.toFixed(0)} MB (JavaScript heap ${heap.toFixed(0)} MB, outside it ${external.toFixed(0)} MB)`;
console.log(
  `resident memory of a process holding the encoder and the index: at ${corpus.length} pairs ` +
    `${memoryLine(held.atPairs)}; with the passages ${memoryLine(held.withPagesMemory)} ` +
    `(machine load ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`,
);
const pairTimings = held.pairs.wall;
const withPagesTimings = held.withPages.wall;
const residentMb = held.withPagesMemory.rss;

reportFigures([
  {
    figure: `bot: reply decision p95 at ${corpus.length} pairs, embedding included`,
    value: `${pairTimings.p95.toFixed(2)} ms (CPU ${held.pairs.cpu.p95.toFixed(2)} ms)`,
    goal: `≤ ${goals.p95Ms} ms`,
    met: pairTimings.p95 <= goals.p95Ms,
  },
  {
    figure: `bot: reply decision p95 at ${corpus.length} pairs + ${pageTexts.length} passages`,
    value: `${withPagesTimings.p95.toFixed(2)} ms (CPU ${held.withPages.cpu.p95.toFixed(2)} ms)`,
    goal: `≤ ${goals.p95Ms} ms`,
    met: withPagesTimings.p95 <= goals.p95Ms,
  },
  {
    figure: `bot: embedding ${corpus.length} pairs`,
    value: `${embedSeconds.toFixed(1)} s`,
    goal: `≤ ${goals.embedSeconds} s`,
    met: embedSeconds <= goals.embedSeconds,
  },
  {
    figure: 'bot: resident memory with that index',
    value: `${residentMb.toFixed(0)} MB`,
    goal: `≤ ${goals.residentMb} MB`,
    met: residentMb <= goals.residentMb,
  },
  {
    figure: 'bot: sentence encoder load',
    value: `${encoderMs.toFixed(0)} ms`,
    goal: '—',
    met: true,
  },
]);
