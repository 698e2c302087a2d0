import { trainingEmbeddingsJobKind, type BotService } from '../bot';
import type { JobHandler } from './job-runner';

/**
 * Embeds a workspace's training texts that have no vector yet: queued by the bot when a write
 * brought many (a CSV import, a website read) or the encoder changed. Each chunk is stored as it
 * is embedded, so a job resumed after a restart carries on where it stopped; the bot answers from
 * the texts' words meanwhile, and from their meaning once the job ends.
 */
export function trainingEmbeddingsJob({ bot }: { bot: BotService }): JobHandler {
  return {
    kind: trainingEmbeddingsJobKind,
    async run({ job, signal, reportProgress }) {
      let last = { embedded: 0, total: 0 };
      await bot.embedTraining(job.workspaceId, {
        signal,
        report(progress) {
          last = progress;
          reportProgress(progress);
        },
      });
      return { progress: last };
    },
  };
}
