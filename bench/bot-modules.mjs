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
export const { TrainingIndex } = require('../api/src/bot/retrieving/training-index.ts');
export const {
  decideReply,
  defaultMeaningSettings,
  searchTraining,
} = require('../api/src/bot/deciding/bot-reply.ts');
export const {
  productQuestion,
  withoutGreeting,
  asksForPerson,
  smallTalk,
} = require('../api/src/bot/understanding/customer-intents.ts');
export const { defaultConfidenceThresholds } = require('../api/src/bot/deciding/confidence.ts');
export const { featureNames, fuseCandidates } = require('../api/src/bot/retrieving/fusion.ts');
export const {
  decisionInputNames,
  decisionInputs,
  pairProbability,
  suggestionPrecisionGoal,
  maxUnknownSuggested,
  negativeWeight,
} = require('../api/src/bot/deciding/pair-decision.ts');
export const { loadSentenceEncoder } = require('../api/src/bot/understanding/sentence-encoder.ts');
export const {
  copilotSuggestions,
  minCopilotProbability,
} = require('../api/src/bot/deciding/copilot-suggestions.ts');
