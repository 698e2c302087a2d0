import { sql } from 'kysely';
import { JobRunner, interruptedMessage } from '../src/jobs/job-runner';
import type { JobHandler } from '../src/jobs/job-runner';
import { cancelJob, enqueueJob, findJob } from '../src/jobs/job-store';
import { writeTransaction } from '../src/live/write-transaction';
import { seedTeams } from './fixtures/teams';
import { appStartTimeoutMs, buildTestApp, type TestApp } from './support/build-test-app';
import { eventually } from './support/eventually';

jest.setTimeout(30_000);

const silent = { info: () => undefined, error: () => undefined };

/** Waits until `check` holds. */
const until = (check: () => Promise<boolean>, what: string) => eventually(check, Boolean, what);

/** A job that reports progress, then waits until it is told to finish or its signal aborts. */
function waitingHandler(kind: string) {
  const runs: { attempts: number; stoppedBy?: unknown }[] = [];
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler: JobHandler = {
    kind,
    deadlineNote: 'Stopped at the time limit',
    async run({ job, signal, reportProgress }) {
      const run: { attempts: number; stoppedBy?: unknown } = { attempts: job.attempts };
      runs.push(run);
      reportProgress({ found: 3 });
      await Promise.race([
        released,
        new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true })),
      ]);
      run.stoppedBy = signal.reason;
      return { progress: { found: 5 } };
    },
  };
  return { handler, runs, release: () => release() };
}

describe('background jobs (claimed from the database, leased, resumed)', () => {
  let app: TestApp;
  let workspaceId: string;
  const runners: JobRunner[] = [];

  beforeAll(async () => {
    app = await buildTestApp();
    ({ workspaceId } = (await seedTeams(app)).team);
  }, appStartTimeoutMs);
  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.close()));
  });
  afterAll(() => app?.close());

  const runner = (handler: JobHandler, leaseMs = 1_000) => {
    const started = new JobRunner({
      db: app.db,
      handlers: [handler],
      logger: silent,
      changeFeed: app.changeFeed,
      leaseMs,
      pollMs: 50,
      progressIntervalMs: 10,
    });
    runners.push(started);
    started.start();
    return started;
  };
  const enqueue = (kind: string, deadlineAt?: Date) =>
    writeTransaction(app.db, (trx) =>
      enqueueJob(trx, { workspaceId, kind, payload: {}, ...(deadlineAt ? { deadlineAt } : {}) }),
    );
  const job = (id: string) => findJob(app.db, workspaceId, id);

  it('runs a queued job once and records how it ended', async () => {
    const { handler, runs, release } = waitingHandler('plain');
    const { id } = await enqueue('plain');
    runner(handler);
    await until(async () => (await job(id))?.progress.found === 3, 'progress saved');
    expect((await job(id))?.status).toBe('running');
    release();
    await until(async () => (await job(id))?.status === 'done', 'the job done');
    expect(await job(id)).toMatchObject({ progress: { found: 5 }, error: null, attempts: 1 });
    expect(runs).toHaveLength(1);
  });

  it('resumes a job whose server went away (lease run out), and fails it after too many tries', async () => {
    const { handler, runs, release } = waitingHandler('crashy');
    release();
    const { id: resumable } = await enqueue('crashy');
    const { id: hopeless } = await enqueue('crashy');
    // As a crashed instance leaves them: running, claimed by an owner that renews nothing.
    await app.db
      .updateTable('jobs')
      .set({
        status: 'running',
        leaseOwner: 'gone',
        leaseExpiresAt: sql<Date>`now() - interval '1 second'`,
      })
      .set((eb) => ({ attempts: eb.case().when('id', '=', resumable).then(1).else(3).end() }))
      .where('id', 'in', [resumable, hopeless])
      .execute();
    runner(handler);
    await until(async () => (await job(resumable))?.status === 'done', 'the job resumed');
    await until(async () => (await job(hopeless))?.status === 'failed', 'the job failed');
    expect(runs.map((run) => run.attempts)).toEqual([2]);
    expect((await job(hopeless))?.error).toBe(interruptedMessage(3));
    expect((await job(hopeless))?.leaseOwner).toBeNull();
  });

  it("lets a handler settle what a failed job leaves, in the failure's transaction", async () => {
    const settled: { id: string; status: string; error: string | null }[] = [];
    const failing = (kind: string, run: JobHandler['run']): JobHandler => ({
      kind,
      run,
      async onFailed(trx, failed) {
        const seen = await trx
          .selectFrom('jobs')
          .select(['status', 'error'])
          .where('id', '=', failed.id)
          .executeTakeFirstOrThrow();
        settled.push({ id: failed.id, ...seen });
      },
    });
    const { id: thrown } = await enqueue('throws');
    runner(
      failing('throws', () => {
        throw new Error('The shop answered 500');
      }),
    );
    await until(async () => (await job(thrown))?.status === 'failed', 'the job failed');
    expect(settled).toEqual([{ id: thrown, status: 'failed', error: 'The shop answered 500' }]);

    const { id: interrupted } = await enqueue('interrupted');
    await app.db
      .updateTable('jobs')
      .set({
        status: 'running',
        attempts: 3,
        leaseOwner: 'gone',
        leaseExpiresAt: sql<Date>`now() - interval '1 second'`,
      })
      .where('id', '=', interrupted)
      .execute();
    runner(failing('interrupted', () => Promise.resolve({})));
    await until(async () => (await job(interrupted))?.status === 'failed', 'the job given up');
    expect(settled[1]).toEqual({
      id: interrupted,
      status: 'failed',
      error: interruptedMessage(3),
    });
  });

  it('hands a job back on a clean shutdown, and another runner carries it on', async () => {
    const first = waitingHandler('handover');
    const { id } = await enqueue('handover');
    const stopping = runner(first.handler);
    await until(async () => (await job(id))?.status === 'running', 'the job started');
    await stopping.close();
    expect(first.runs[0]?.stoppedBy).toBe('shutdown');
    expect(await job(id)).toMatchObject({ status: 'queued', leaseOwner: null, attempts: 0 });
    const second = waitingHandler('handover');
    second.release();
    runner(second.handler);
    await until(async () => (await job(id))?.status === 'done', 'the job done elsewhere');
  });

  it('stops a job at its deadline, keeping what it found', async () => {
    const { handler, runs } = waitingHandler('timed');
    const { id } = await enqueue('timed', new Date(Date.now() + 300));
    runner(handler);
    await until(async () => (await job(id))?.status === 'done', 'the deadline');
    expect(runs[0]?.stoppedBy).toBe('deadline');
    expect(await job(id)).toMatchObject({
      error: 'Stopped at the time limit',
      progress: { found: 5 },
    });
  });

  it('stops a cancelled job promptly; it stays cancelled with its progress', async () => {
    const { handler, runs } = waitingHandler('cancelled');
    const { id } = await enqueue('cancelled');
    runner(handler, 10_000);
    await until(async () => (await job(id))?.progress.found === 3, 'progress saved');
    await writeTransaction(app.db, (trx) => cancelJob(trx, workspaceId, id));
    await until(async () => runs[0]?.stoppedBy === 'cancelled', 'the handler stopped');
    await until(async () => (await job(id))?.progress.found === 5, 'final progress kept');
    expect((await job(id))?.status).toBe('cancelled');
  });

  it('runs each job once when two runners share the queue', async () => {
    const counts = new Map<string, number>();
    const counting = (): JobHandler => ({
      kind: 'shared',
      async run({ job: claimed }) {
        counts.set(claimed.id, (counts.get(claimed.id) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return {};
      },
    });
    const ids = await Promise.all(Array.from({ length: 12 }, () => enqueue('shared')));
    runner(counting());
    runner(counting());
    await until(
      async () =>
        (
          await app.db
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', 'shared')
            .where('status', '=', 'done')
            .execute()
        ).length === ids.length,
      'every job done',
    );
    expect([...counts.values()]).toEqual(Array(ids.length).fill(1));
  });
});
