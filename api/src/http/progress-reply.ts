import { PassThrough } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { progressMediaType, type ProgressLine, type WriteProgress } from 'shared-sdk';
import { errorAnswer } from '../errors/error-handler';

/** Whether the caller asked for a long write's progress (shared-sdk progress.ts). */
export const wantsProgress = (request: FastifyRequest) =>
  request.headers.accept?.includes(progressMediaType) ?? false;

/**
 * The answer of a long write that reports how far it is. Nothing is sent until the first
 * report, so a refusal before the write begins (no access) is an ordinary error answer; from
 * then on the status has left, and the outcome is the last line.
 */
export class ProgressReply {
  private stream: PassThrough | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
    private readonly status: number,
  ) {}

  /** Sends a progress line (the first one starts the answer). */
  readonly report = (progress: WriteProgress): void => {
    if (!this.stream) {
      this.stream = new PassThrough();
      void this.reply
        .code(this.status)
        .type(progressMediaType)
        .header('cache-control', 'no-store')
        .send(this.stream);
    }
    this.write({ type: 'progress', ...progress });
  };

  /** Ends the answer with the outcome of `work`. */
  async send<T>(work: Promise<T>): Promise<FastifyReply> {
    try {
      const result = await work;
      if (!this.stream) return await this.reply.code(this.status).send(result);
      this.write({ type: 'result', result });
    } catch (error) {
      if (!this.stream) throw error;
      const { statusCode, body } = errorAnswer(error as FastifyError, this.request);
      this.write({ type: 'error', status: statusCode, ...body });
    }
    this.stream.end();
    return this.reply;
  }

  private write<T>(line: ProgressLine<T>): void {
    this.stream!.write(`${JSON.stringify(line)}\n`);
  }
}
