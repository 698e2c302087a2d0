// The labelled questions of bench/bot, per business: each business is one workspace, taught its
// own pairs. businesses/*.json hold a business's pairs, each with the paraphrases a customer
// typed for it ("asked"), and questions its pairs do not answer ("unknown"); the bike shop's are
// qnas.json and questions.json. The split is fixed: within each business the paraphrases, in file
// order across its pairs, alternate dev, test, dev, test…, and so do its unknown questions.
// Settings are chosen on dev; the figures that count are on test.
import { readdirSync, readFileSync } from 'node:fs';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url)));
const splitOf = (n) => (n % 2 === 0 ? 'dev' : 'test');

function bikeShop() {
  const questions = read('questions.json');
  return {
    name: 'bike-shop',
    pairs: read('qnas.json'),
    inScope: questions.inScope.map(({ text, id }, n) => ({ text, id, split: splitOf(n) })),
    unknown: questions.outOfScope.map((text, n) => ({ text, split: splitOf(n) })),
  };
}

function fromFile(file) {
  const { pairs, unknown } = read(`businesses/${file}`);
  const inScope = pairs.flatMap(({ id, asked }) => asked.map((text) => ({ text, id })));
  return {
    name: file.replace(/\.json$/, ''),
    pairs: pairs.map(({ id, topics, question, answer }) => ({ id, topics, question, answer })),
    inScope: inScope.map((question, n) => ({ ...question, split: splitOf(n) })),
    unknown: unknown.map((text, n) => ({ text, split: splitOf(n) })),
  };
}

/** Every business of the labelled set, with its pairs and its questions of both splits. */
export function loadBusinesses() {
  const files = readdirSync(new URL('businesses/', import.meta.url)).filter((file) =>
    file.endsWith('.json'),
  );
  return [bikeShop(), ...files.sort().map(fromFile)];
}
