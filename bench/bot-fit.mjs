// Fitting the bot's pair ranking and pair decision (api/src/bot/fusion.ts, pair-decision.ts) on
// the dev split of bench/bot: plain gradient descent, small enough to read, deterministic.

const sum = (values) => values.reduce((total, value) => total + value, 0);

/**
 * Weights of a linear blend of the candidates' features that puts the right pair first: softmax
 * over each question's candidates (listwise), cross-entropy of the right one, a little L2.
 * `questions`: [{ candidates: [{ features }], right: index of the right candidate }].
 */
export function fitRanking(questions, names, { steps = 1500, rate = 0.5, l2 = 1e-3 } = {}) {
  const weights = Object.fromEntries(names.map((name) => [name, 0]));
  for (let step = 0; step < steps; step++) {
    const gradient = Object.fromEntries(names.map((name) => [name, l2 * weights[name]]));
    for (const { candidates, right } of questions) {
      const scores = candidates.map(({ features }) =>
        sum(names.map((name) => weights[name] * features[name])),
      );
      const top = Math.max(...scores);
      const exps = scores.map((score) => Math.exp(score - top));
      const total = sum(exps);
      candidates.forEach(({ features }, n) => {
        const share = exps[n] / total - (n === right ? 1 : 0);
        for (const name of names) gradient[name] += (share * features[name]) / questions.length;
      });
    }
    for (const name of names) weights[name] -= rate * gradient[name];
  }
  return roundAll(weights);
}

/**
 * Logistic regression of `label` (0/1) on `inputs` (objects of `names`), with a bias and L2; each
 * negative weighs `negativeWeight` times a positive. The inputs are standardised for the descent
 * (their scales differ tenfold: a blended score against shares), which converges in the steps
 * given; the weights returned apply to the inputs as they are.
 */
export function fitDecision(
  samples,
  names,
  { steps = 4000, rate = 0.3, l2 = 1e-3, negativeWeight = 1 } = {},
) {
  const mean = Object.fromEntries(
    names.map((name) => [name, sum(samples.map(({ inputs }) => inputs[name])) / samples.length]),
  );
  const spread = Object.fromEntries(
    names.map((name) => {
      const variance =
        sum(samples.map(({ inputs }) => (inputs[name] - mean[name]) ** 2)) / samples.length;
      return [name, Math.sqrt(variance) || 1];
    }),
  );
  const standardised = samples.map(({ inputs, label }) => ({
    inputs: Object.fromEntries(
      names.map((name) => [name, (inputs[name] - mean[name]) / spread[name]]),
    ),
    label,
  }));
  const weights = Object.fromEntries(names.map((name) => [name, 0]));
  let bias = 0;
  const total = sum(samples.map(({ label }) => (label ? 1 : negativeWeight)));
  for (let step = 0; step < steps; step++) {
    const gradient = Object.fromEntries(names.map((name) => [name, l2 * weights[name]]));
    let biasGradient = 0;
    for (const { inputs, label } of standardised) {
      const z = bias + sum(names.map((name) => weights[name] * inputs[name]));
      const error = (1 / (1 + Math.exp(-z)) - label) * (label ? 1 : negativeWeight);
      for (const name of names) gradient[name] += (error * inputs[name]) / total;
      biasGradient += error / total;
    }
    for (const name of names) weights[name] -= rate * gradient[name];
    bias -= rate * biasGradient;
  }
  const raw = Object.fromEntries(names.map((name) => [name, weights[name] / spread[name]]));
  const rawBias = bias - sum(names.map((name) => raw[name] * mean[name]));
  return { weights: roundAll(raw), bias: round(rawBias) };
}

/**
 * The least probability threshold (so the most right answers) at which, on these outcomes, wrong
 * answers are at most `maxWrong` of the in-scope questions and at least `minUnknownHandedOver` of
 * the unknown ones are handed over. `outcomes`: [{ probability, kind: 'right'|'wrong'|'unknown' }].
 */
export function chooseThreshold(outcomes, { maxWrong, minUnknownHandedOver }) {
  const inScope = outcomes.filter(({ kind }) => kind !== 'unknown').length;
  const unknown = outcomes.length - inScope;
  for (let threshold = 0.05; threshold < 1; threshold += 0.01) {
    const answered = outcomes.filter(({ probability }) => probability >= threshold);
    const wrong = answered.filter(({ kind }) => kind === 'wrong').length;
    const unknownAnswered = answered.filter(({ kind }) => kind === 'unknown').length;
    if (wrong <= maxWrong * inScope && unknownAnswered <= (1 - minUnknownHandedOver) * unknown)
      return round(threshold);
  }
  return 1;
}

const round = (value) => Math.round(value * 1000) / 1000;
const roundAll = (weights) =>
  Object.fromEntries(Object.entries(weights).map(([name, value]) => [name, round(value)]));
