// Lints probes for scripts/test/lint-rules.test.ts in one ESLint (the project's configuration,
// as `npm run lint` loads it): its set-up and the import resolver's cache are paid once, not per
// probe. Reads [{ file, text? }] as JSON on stdin (text: lint it as if it were that file);
// writes each probe's rule ids, in order, as JSON on stdout.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let input = '';
for await (const chunk of process.stdin) input += chunk;
const probes = JSON.parse(input);

const eslint = new ESLint({ cwd: root, ignore: false });
const ruleIds = [];
for (const { file, text } of probes) {
  const filePath = path.join(root, file);
  const [result] =
    text === undefined
      ? await eslint.lintFiles([filePath])
      : await eslint.lintText(text, { filePath });
  ruleIds.push(result.messages.map((message) => message.ruleId));
}
process.stdout.write(JSON.stringify(ruleIds));
