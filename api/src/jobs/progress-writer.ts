/** Coalesces a job's progress reports into a write every `intervalMs`, the latest value winning. */
export class ProgressWriter {
  private latest: Record<string, unknown> | undefined;
  private lastWrite = 0;
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: (progress: Record<string, unknown>) => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  report(progress: Record<string, unknown>): void {
    this.latest = progress;
    if (this.timer) return;
    const wait = Math.max(0, this.lastWrite + this.intervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch(() => undefined);
    }, wait);
  }

  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const value = this.latest;
    this.latest = undefined;
    if (value) {
      this.lastWrite = Date.now();
      // One failed write must not stop the later ones.
      this.writing = this.writing.catch(() => undefined).then(() => this.write(value));
    }
    return this.writing;
  }
}
