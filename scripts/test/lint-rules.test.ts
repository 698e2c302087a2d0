import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The project's own lint rules refuse what they are there to refuse. ESLint runs as `npm run
// lint` runs it, in its own process (it loads its configuration as an ES module).
const root = path.resolve(__dirname, '../..');
const eslintBin = path.join(root, 'node_modules/eslint/bin/eslint.js');

/** The rules a file (or `text` as if it were that file) breaks. */
function ruleIdsOf(file: string, text?: string): (string | null)[] {
  const args = ['--format', 'json', '--no-ignore'];
  const run = spawnSync(
    process.execPath,
    text === undefined
      ? [eslintBin, ...args, file]
      : [eslintBin, ...args, '--stdin', '--stdin-filename', file],
    { cwd: root, input: text, encoding: 'utf8' },
  );
  if (!run.stdout) throw new Error(`eslint failed: ${run.stderr}`);
  const [result] = JSON.parse(run.stdout) as { messages: { ruleId: string | null }[] }[];
  return result!.messages.map((message) => message.ruleId);
}

describe('lint rules', () => {
  it('refuse an import cycle', () => {
    expect(ruleIdsOf('scripts/test/lint-fixtures/cycle-a.ts')).toContain('import-x/no-cycle');
  });

  it('refuse an import of another feature of the same remote', () => {
    const ids = ruleIdsOf(
      'mfe-tickets/src/features/ticket-detail/components/lint-probe.ts',
      "export { TicketsTable } from '../../tickets-list/components/tickets-table';\n",
    );
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('let a feature import its own modules and what the remote shares', () => {
    const ids = ruleIdsOf(
      'mfe-tickets/src/features/ticket-detail/components/lint-probe.ts',
      [
        "export { AssigneeForm } from './assignee-form';",
        "export { StatusBadge } from '../../../components/ticket-badges';",
        // The remote's own api/ folder, not the api package.
        "export { resolveTickets } from '../../../api/tickets-api';",
        '',
      ].join('\n'),
    );
    expect(ids).toEqual([]);
  });

  it("let shared-ui's controls reach its main entry by name only", () => {
    const probe = 'shared-ui/src/controls/lint-probe.ts';
    expect(ruleIdsOf(probe, "export { useToast } from '../components/toasts';\n")).toContain(
      'import-x/no-restricted-paths',
    );
    expect(
      ruleIdsOf(
        probe,
        "export { useToast } from 'shared-ui';\nexport { FileButton } from './file-button';\n",
      ),
    ).toEqual([]);
  });

  it('refuse an import of another remote', () => {
    const ids = ruleIdsOf(
      'mfe-chat/src/features/conversation/lint-probe.ts',
      "export { TicketsTable } from 'mfe-tickets/src/features/tickets-list/components/tickets-table';\n",
    );
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('refuse an import of the API service’s sources from a remote', () => {
    const ids = ruleIdsOf(
      'mfe-tickets/src/features/ticket-detail/components/lint-probe.ts',
      "export { buildApp } from '../../../../../api/src/app';\n",
    );
    expect(ids).toContain('@typescript-eslint/no-restricted-imports');
  });
});
