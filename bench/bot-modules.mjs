// The bot's own modules for bench/bot, from api/src as they are.
import { readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { transformSync } from '@swc/core';

// The bot's modules are TypeScript: compiled on load with swc (as the api's build does), so the
// bench measures the sources as they are, with no api build needed.
Module._extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    swcrc: false,
    jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
    module: { type: 'commonjs' },
  });
  module._compile(code, filename);
};
const require = createRequire(import.meta.url);
const { TrainingIndex } = require('../api/src/bot/retrieving/training-index.ts');
const {
  decideReply,
  defaultMeaningSettings,
  searchTraining,
} = require('../api/src/bot/deciding/bot-reply.ts');
const {
  productQuestion,
  withoutGreeting,
  asksForPerson,
  smallTalk,
} = require('../api/src/bot/understanding/customer-intents.ts');
const { defaultConfidenceThresholds } = require('../api/src/bot/deciding/confidence.ts');
const { featureNames, fuseCandidates } = require('../api/src/bot/retrieving/fusion.ts');
const {
  decisionInputNames,
  decisionInputs,
  pairProbability,
  suggestionPrecisionGoal,
  maxUnknownSuggested,
  negativeWeight,
} = require('../api/src/bot/deciding/pair-decision.ts');
const { loadSentenceEncoder } = require('../api/src/bot/understanding/sentence-encoder.ts');
const {
  copilotSuggestions,
  minCopilotProbability,
} = require('../api/src/bot/deciding/copilot-suggestions.ts');

export {
  TrainingIndex,
  decideReply,
  defaultMeaningSettings,
  searchTraining,
  productQuestion,
  withoutGreeting,
  asksForPerson,
  smallTalk,
  defaultConfidenceThresholds,
  featureNames,
  fuseCandidates,
  decisionInputNames,
  decisionInputs,
  pairProbability,
  suggestionPrecisionGoal,
  maxUnknownSuggested,
  negativeWeight,
  loadSentenceEncoder,
  copilotSuggestions,
  minCopilotProbability,
};
