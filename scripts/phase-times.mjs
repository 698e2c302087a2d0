// Where CI's time goes: each phase's wall time and the CPU time its commands used, printed in
// the log as the phase ends, and jest's and Playwright's reports summed per project and spec.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ticksPerSecond = 100;

/**
 * CPU seconds (user + system) of this process's children that have ended, and of the process
 * itself. Linux counts an ended child's time, and its own children's, into its parent's
 * cutime/cstime; elsewhere only this process's own time is known.
 */
export function cpuSeconds() {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields after the command's name (which may hold spaces, so split after its ")").
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime: fields 16 and 17 of the line, 14 and 15 after the name.
    children = (Number(fields[13]) + Number(fields[14])) / ticksPerSecond;
  } catch {
    // Not Linux: the children's time is not known, only this process's own.
  }
  return children + (own.user + own.system) / 1e6;
}

const seconds = (value) => `${value.toFixed(1)} s`;
/** m:ss, rounded to the second first (479.8 s is 8:00, not 7:60). */
const minutes = (value) => {
  const whole = Math.round(value);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

export class PhaseTimes {
  phases = [];
  started = Date.now();
  cpuAtStart = cpuSeconds();

  /**
   * Runs `task`, then prints and records its wall and CPU time; rethrows its error. `beside`: the
   * phase ran beside another, whose ended commands the CPU count would mix in, so only its wall
   * time is kept (the lanes' CPU is recorded together).
   */
  async time(name, task, { beside = false } = {}) {
    const wallStart = Date.now();
    const cpuStart = cpuSeconds();
    try {
      return await task();
    } finally {
      this.record(name, (Date.now() - wallStart) / 1000, beside ? null : cpuSeconds() - cpuStart);
    }
  }

  /** Prints and records a phase timed by the caller; `cpu` null when it is not known. */
  record(name, wall, cpu) {
    this.phases.push({ name, wall, cpu });
    console.log(`⏱ ${name}: ${seconds(wall)} wall${cpu === null ? '' : `, ${seconds(cpu)} CPU`}`);
  }

  /** Every phase, and the whole run, as a table for the end of the log. */
  summary() {
    const width = Math.max(...this.phases.map(({ name }) => name.length), 'total'.length);
    const line = (name, wall, cpu) =>
      `  ${name.padEnd(width)}  ${minutes(wall).padStart(6)} wall  ${(cpu === null ? '—' : minutes(cpu)).padStart(6)} CPU`;
    const wall = (Date.now() - this.started) / 1000;
    const cpu = cpuSeconds() - this.cpuAtStart;
    return [
      `Phase times (${os.availableParallelism()} cores):`,
      ...this.phases.map((phase) => line(phase.name, phase.wall, phase.cpu)),
      line('total', wall, cpu),
    ].join('\n');
  }
}

/**
 * jest's JSON report summed per project (the first folder of each test file): files, tests, the
 * sum of the files' run times (workers run files side by side, so it exceeds the wall time) and
 * the slowest file.
 */
export function jestProjectTimes(reportFile, rootDir) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const projects = new Map();
  for (const file of report.testResults) {
    const relative = path.relative(rootDir, file.name);
    const project = relative.split(path.sep)[0];
    const duration = (file.endTime - file.startTime) / 1000;
    const entry = projects.get(project) ?? { files: 0, tests: 0, total: 0, slowest: undefined };
    entry.files += 1;
    entry.tests += file.assertionResults.length;
    entry.total += duration;
    if (!entry.slowest || duration > entry.slowest.duration) {
      entry.slowest = { file: relative, duration };
    }
    projects.set(project, entry);
  }
  const rows = [...projects].sort(([, a], [, b]) => b.total - a.total);
  return [
    'jest per project (files, tests, summed file time, slowest file):',
    ...rows.map(
      ([project, { files, tests, total, slowest }]) =>
        `  ${project.padEnd(16)} ${String(files).padStart(4)} files ${String(tests).padStart(5)} tests ` +
        `${seconds(total).padStart(9)}   ${slowest.file} ${seconds(slowest.duration)}`,
    ),
  ].join('\n');
}

/** Playwright's JSON report summed per spec file: tests and summed test time, slowest first. */
export function playwrightSpecTimes(reportFile) {
  const report = JSON.parse(readFileSync(reportFile, 'utf8'));
  const specs = new Map();
  const visit = (suite) => {
    for (const spec of suite.specs ?? []) {
      const entry = specs.get(spec.file) ?? { tests: 0, total: 0 };
      for (const test of spec.tests) {
        entry.tests += 1;
        entry.total += test.results.reduce((sum, result) => sum + result.duration, 0) / 1000;
      }
      specs.set(spec.file, entry);
    }
    for (const child of suite.suites ?? []) visit(child);
  };
  for (const suite of report.suites) visit(suite);
  const rows = [...specs].sort(([, a], [, b]) => b.total - a.total);
  return [
    'Playwright per spec (tests, summed test time):',
    ...rows.map(
      ([file, { tests, total }]) =>
        `  ${file.padEnd(36)} ${String(tests).padStart(3)} tests ${seconds(total).padStart(9)}`,
    ),
  ].join('\n');
}
