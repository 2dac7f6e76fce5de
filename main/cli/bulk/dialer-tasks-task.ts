import type { DialerTask } from '../../../common/domain';
import { isIntegraError, type IntegraClient } from '../../api/index';
import type { BulkTask, JobContext } from './bulk-runner';
import { DIALER_TASK_OPTIONAL_COLUMNS, DIALER_TASK_REQUIRED_COLUMNS, parseDialerTaskRow } from './dialer-task-row';
import { stateKey } from './state-file';

// `integra dialer-tasks`: Add Record to Dialer for each row. A record is known
// as queued by its content (plus how many identical rows came before it, so a
// file may queue the same call twice on purpose); the state file remembers
// which were queued, and a rerun sends only the others.
// A record whose earlier request got no answer (`attempted`, not `done`) is
// sent again: the platform offers no way to list queued records, and a
// missing call is judged worse than a repeated one.

export type DialerTasksClient = Pick<IntegraClient, 'addRecordToDialer'>;

export interface QueuedJob {
  readonly task: DialerTask;
  /** Content identity plus occurrence number within the file. */
  readonly identity: string;
}

export function createDialerTasksTask(client: DialerTasksClient): BulkTask<QueuedJob> {
  const seen = new Map<string, number>();
  const keyOf = (context: JobContext, job: QueuedJob): string => stateKey(context.instance, 'dialerTask', job.identity);
  return {
    command: 'dialer-tasks',
    requiredColumns: DIALER_TASK_REQUIRED_COLUMNS,
    optionalColumns: DIALER_TASK_OPTIONAL_COLUMNS,
    parseRow(cells) {
      const parsed = parseDialerTaskRow(cells);
      if (!parsed.ok) return parsed;
      const content = stateKey(JSON.stringify(parsed.job));
      const occurrence = (seen.get(content) ?? 0) + 1;
      seen.set(content, occurrence);
      return { ok: true, job: { task: parsed.job, identity: `${content}#${occurrence}` } };
    },
    alreadyDone(job, context) {
      return context.state.status(keyOf(context, job)) === 'done';
    },
    async run(job, context) {
      const key = keyOf(context, job);
      const what = `record for ${job.task.destination} in ${job.task.campaign}`;
      await context.state.mark(key, 'attempted', what);
      try {
        await context.request(() => client.addRecordToDialer(job.task));
      } catch (error) {
        if (isIntegraError(error) && error.kind === 'refused') await context.state.mark(key, 'refused', what);
        throw error;
      }
      await context.state.mark(key, 'done', what);
      return { status: 'ok' };
    },
  };
}
