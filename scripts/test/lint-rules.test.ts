import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The project's own lint rules refuse what they are there to refuse. ESLint runs with the
// configuration `npm run lint` uses, in a process of its own (it loads that configuration as an
// ES module), once for every probe below.
const root = path.resolve(__dirname, '../..');

interface Probe {
  /** The file linted, or the file `text` is linted as. */
  file: string;
  text?: string;
}

const featureProbe = 'mfe-tickets/src/features/ticket-detail/components/lint-probe.ts';
const controlsProbe = 'shared-ui/src/controls/lint-probe.ts';

const probes = {
  otherFeature: {
    file: featureProbe,
    text: "export { TicketsTable } from '../../tickets-list/components/tickets-table';\n",
  },
  ownFeature: {
    file: featureProbe,
    text: [
      "export { AssigneeForm } from './assignee-form';",
      "export { StatusBadge } from '../../../components/ticket-badges';",
      // The remote's own api/ folder, not the api package.
      "export { resolveTickets } from '../../../api/tickets-api';",
      '',
    ].join('\n'),
  },
  controlsRelative: {
    file: controlsProbe,
    text: "export { useToast } from '../components/toasts';\n",
  },
  controlsByName: {
    file: controlsProbe,
    text: "export { useToast } from 'shared-ui';\nexport { FileButton } from './file-button';\n",
  },
  otherRemote: {
    file: 'mfe-chat/src/features/conversation/lint-probe.ts',
    text: "export { TicketsTable } from 'mfe-tickets/src/features/tickets-list/components/tickets-table';\n",
  },
  apiFromRemote: {
    file: featureProbe,
    text: "export { buildApp } from '../../../../../api/src/app';\n",
  },
  routeReachingRepository: {
    file: 'api/src/routes/lint-probe.ts',
    text: "export { listWebhooks } from '../repositories/webhooks';\n",
  },
  routeReachingDatabase: {
    file: 'api/src/routes/lint-probe.ts',
    text: "export type { Database } from '../db/schema';\n",
  },
  routeCallingService: {
    file: 'api/src/routes/lint-probe.ts',
    text: "export { widgetLauncher } from '../services/chatbots';\n",
  },
  serviceTakingRequest: {
    file: 'api/src/services/lint-probe.ts',
    text: [
      "import type { FastifyRequest } from 'fastify';",
      'export const ip = (request: FastifyRequest) => request.ip;',
      '',
    ].join('\n'),
  },
  serviceTakingReply: {
    file: 'api/src/services/lint-probe.ts',
    text: [
      "import type { FastifyReply } from 'fastify';",
      'export const done = (reply: FastifyReply) => reply.send();',
      '',
    ].join('\n'),
  },
  serviceTakingLogger: {
    file: 'api/src/services/lint-probe.ts',
    text: [
      "import type { FastifyBaseLogger } from 'fastify';",
      "export const note = (log: FastifyBaseLogger) => log.info('noted');",
      '',
    ].join('\n'),
  },
} satisfies Record<string, Probe>;

/** The rules each probe breaks. */
function lintProbes<Name extends string>(all: Record<Name, Probe>): Record<Name, string[]> {
  const names = Object.keys(all) as Name[];
  const run = spawnSync(process.execPath, [path.join(__dirname, 'lint-probes.mjs')], {
    cwd: root,
    input: JSON.stringify(names.map((name) => all[name])),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`eslint failed: ${run.stderr}`);
  const ruleIds = JSON.parse(run.stdout) as string[][];
  return Object.fromEntries(names.map((name, index) => [name, ruleIds[index]!])) as Record<
    Name,
    string[]
  >;
}

/**
 * oxlint's report, with the project's configuration, on a copy of the two modules that import
 * each other (lint-fixtures/cycle-*.ts): the configuration ignores the fixtures where they are.
 */
function lintCycle(): string {
  const copy = mkdtempSync(path.join(os.tmpdir(), 'parley-lint-cycle-'));
  try {
    for (const name of ['cycle-a.ts', 'cycle-b.ts']) {
      cpSync(path.join(__dirname, 'lint-fixtures', name), path.join(copy, name));
    }
    const oxlint = path.join(root, 'node_modules/.bin/oxlint');
    const run = spawnSync(oxlint, ['-c', '.oxlintrc.json', '--deny-warnings', copy], {
      cwd: root,
      encoding: 'utf8',
    });
    return `exit ${run.status}\n${run.stdout}${run.stderr}`;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

let broken: Record<keyof typeof probes, string[]>;
beforeAll(() => {
  broken = lintProbes(probes);
});

describe('lint rules', () => {
  it('refuse an import cycle', () => {
    const report = lintCycle();
    expect(report).toMatch(/^exit 1\n/);
    expect(report).toContain('import(no-cycle)');
  });

  it('refuse an import of another feature of the same remote', () => {
    expect(broken.otherFeature).toContain('import-x/no-restricted-paths');
  });

  it('let a feature import its own modules and what the remote shares', () => {
    expect(broken.ownFeature).toEqual([]);
  });

  it("let shared-ui's controls reach its main entry by name only", () => {
    expect(broken.controlsRelative).toContain('import-x/no-restricted-paths');
    expect(broken.controlsByName).toEqual([]);
  });

  it('refuse an import of another remote', () => {
    expect(broken.otherRemote).toContain('@typescript-eslint/no-restricted-imports');
  });

  it('refuse an import of the API service’s sources from a remote', () => {
    expect(broken.apiFromRemote).toContain('@typescript-eslint/no-restricted-imports');
  });

  it("refuse a route's import of a repository or of the database", () => {
    expect(broken.routeReachingRepository).toContain('@typescript-eslint/no-restricted-imports');
    expect(broken.routeReachingDatabase).toContain('@typescript-eslint/no-restricted-imports');
    expect(broken.routeCallingService).toEqual([]);
  });

  it('refuse a service taking a request or a reply', () => {
    expect(broken.serviceTakingRequest).toContain('@typescript-eslint/no-restricted-imports');
    expect(broken.serviceTakingReply).toContain('@typescript-eslint/no-restricted-imports');
    expect(broken.serviceTakingLogger).toEqual([]);
  });
});
