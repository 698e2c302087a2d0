// The latency and memory part of bench/bot, run in a process of its own that holds what the api
// holds for the bot: the sentence encoder and one workspace's index (5,000 pairs, then 50,000
// page passages besides), nothing of the accuracy run before it. The parent embeds the training
// and writes the vectors to a file (Float32, in the order of the texts); this process reads them
// into the index as the api reads stored vectors at start, then times decisions, each with its
// question's embedding, by the clock and by the CPU time the process used (on a busy machine the
// clock counts time waiting for a core; CPU time does not).
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { seeded } from './bot-data/generate-corpus.mjs';

/** Passages of help pages, five a page, each two of the corpus's answers under a heading. */
export function pagesOf(corpus, count) {
  const pages = [];
  for (let n = 0; pages.length * 5 < count; n++) {
    const passages = [];
    for (let p = 0; p < 5 && pages.length * 5 + p < count; p++) {
      const a = corpus[(n * 7 + p * 13) % corpus.length];
      const b = corpus[(n * 11 + p * 17 + 1) % corpus.length];
      passages.push({
        headings: [`${a.question}`],
        text: `${a.answer} ${b.answer} (ref. ${n}-${p})`,
      });
    }
    pages.push({
      id: `page-${n}`,
      url: `https://shop.example/help/${n}`,
      title: `Help ${n}`,
      passages,
    });
  }
  return pages;
}

const percentile = (timings, p) =>
  timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))];
const percentiles = (timings) => ({
  p50: percentile(timings, 50),
  p95: percentile(timings, 95),
  p99: percentile(timings, 99),
});
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Times `runs` decisions over `texts` (`decide` embeds the question as the bot service does),
 * after 100 to warm up. Returns the clock's and the CPU's percentiles, in ms.
 */
export async function timeDecisions({ index, texts, runs, decide }) {
  const once = (text) => decide(index, text);
  for (let n = 0; n < 100; n++) await once(texts[n % texts.length]);
  const wall = [];
  const cpu = [];
  for (let n = 0; n < runs; n++) {
    const start = performance.now();
    const startCpu = cpuMs();
    await once(texts[n % texts.length]);
    wall.push(performance.now() - start);
    cpu.push(cpuMs() - startCpu);
  }
  const sorted = (timings) => timings.sort((a, b) => a - b);
  return { wall: percentiles(sorted(wall)), cpu: percentiles(sorted(cpu)) };
}

/** The process's memory in MB once what was freed is given back (a full collection, then a pause). */
async function memory() {
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 200));
  globalThis.gc?.();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss: rss / 1e6, heap: heapUsed / 1e6, external: external / 1e6 };
}

/**
 * In the child: builds the index from the vectors file, times decisions at 5,000 pairs and with
 * the passages, and returns the figures with the resident memory.
 */
export async function holdAndTime({
  TrainingIndex,
  encoder,
  decide,
  corpus,
  pages,
  texts,
  runs,
  file,
}) {
  const { dimensions } = encoder;
  const descriptor = openSync(file, 'r');
  /** The vectors of `list`, which start at vector `from` of the file: read as the api reads a batch. */
  const vectorsOf = (list, from) => {
    const floats = new Float32Array(list.length * dimensions);
    readSync(descriptor, floats, 0, floats.byteLength, from * dimensions * 4);
    return new Map(
      list.map((text, n) => [text, floats.subarray(n * dimensions, (n + 1) * dimensions)]),
    );
  };
  const pairTexts = TrainingIndex.textsToEmbed({ qnas: corpus });
  const index = new TrainingIndex({ dimensions });
  index.upsertQnas(corpus, vectorsOf(pairTexts, 0));
  // The training-embeddings job's batches leave the encoder's working memory at its size.
  await encoder.embed(TrainingIndex.textsToEmbed({ pages: pages.slice(0, 13) }).slice(0, 64));
  const pairs = await timeDecisions({ index, texts, runs, decide });
  const atPairs = await memory();
  let at = pairTexts.length;
  for (let start = 0; start < pages.length; start += batchPages) {
    const batch = pages.slice(start, start + batchPages);
    const batchTexts = TrainingIndex.textsToEmbed({ pages: batch });
    index.upsertWebPages(batch, vectorsOf(batchTexts, at));
    at += batchTexts.length;
  }
  closeSync(descriptor);
  const withPages = await timeDecisions({ index, texts, runs, decide });
  return { pairs, withPages, atPairs, withPagesMemory: await memory() };
}

/** Pages indexed at once, as the bot reads a site's pages and their stored vectors. */
const batchPages = 500;

/**
 * The vectors the held process reads, in the order of the texts: the pairs' own, then the
 * passages'. Embedding 50,000 passages takes this machine most of an hour (the background job of
 * a large site): the bench embeds a sample of them for the rate, and gives the others the vector
 * of a sampled one moved a little and normalised again, so that the index holds distinct vectors
 * spread as real ones are. What is timed is the decision over them.
 */
export function spreadVectors({ pairTexts, embedded, pageTexts, sampleVectors, dimensions }) {
  // The corpus's seeded generator: the same noise on every run.
  const jitter = seeded(7);
  const vectors = new Float32Array((pairTexts.length + pageTexts.length) * dimensions);
  pairTexts.forEach((text, n) => vectors.set(embedded.get(text), n * dimensions));
  pageTexts.forEach((text, n) => {
    const base = sampleVectors[n % sampleVectors.length];
    const moved = n < sampleVectors.length ? base : base.map((v) => v + 0.04 * (jitter() - 0.5));
    const norm = Math.hypot(...moved);
    vectors.set(
      moved.map((v) => v / norm),
      (pairTexts.length + n) * dimensions,
    );
  });
  return vectors;
}

/** Runs `script --hold=<file of vectors> ...args` in a process of its own; its figures. */
export function heldElsewhere(script, vectors, args) {
  const folder = mkdtempSync(path.join(tmpdir(), 'parley-bench-bot-'));
  const vectorsFile = path.join(folder, 'vectors');
  writeFileSync(vectorsFile, vectors);
  try {
    return JSON.parse(
      execFileSync(process.execPath, ['--expose-gc', script, `--hold=${vectorsFile}`, ...args], {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
        stdio: ['ignore', 'pipe', 'inherit'],
      }),
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
