/**
 * The bot's answers under way, each started without waiting for it (a customer's message or
 * mail is acknowledged before its answer is ready). `idle` lets shutdown and tests wait for them
 * all, answers started meanwhile included.
 */
export class RunningAnswers {
  private readonly running = new Set<Promise<void>>();

  /** Keeps `run` until it settles; `run` must not reject (it logs its own failures). */
  track(run: Promise<void>): void {
    const tracked = run.finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves once every answer under way is stored. */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
