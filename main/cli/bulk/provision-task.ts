import { queueMember, type CreateAgentInput, type QueueMemberInput } from '../../../common/domain';
import { isIntegraError, type IntegraClient } from '../../api/index';
import type { BulkTask, JobContext, RowOutcome } from './bulk-runner';
import { createMembershipBatcher, type MembershipBatcher } from './membership-batcher';
import { createDuplicateCheck, parseProvisionRow, PROVISION_COLUMNS, type ProvisionJob } from './provision-row';
import { RowFailureError, rowFailureOf } from './row-failure';
import { stateKey } from './state-file';

// `integra provision`: Create Agent for each row, then Add Agent to Campaign
// for its campaigns, batched across rows. What is already done is known from
// the state file (the platform has no "get agent"):
// - agent step `done` → no Create Agent;
// - agent step only `attempted` (an earlier run sent it but got no clear
//   answer) and Create Agent now says 0 → the earlier request created it:
//   `existing`; a clear 0 is written `refused`, so it stays a failure next time;
// - each membership step `done` → not sent again.

export type ProvisionClient = Pick<IntegraClient, 'createAgent' | 'addAgentsToCampaigns'>;

export interface ProvisionTaskOptions {
  /** Queue members per Add Agent to Campaign request. */
  readonly batchSize: number;
}

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 500;

export function createProvisionTask(client: ProvisionClient, options: ProvisionTaskOptions): BulkTask<ProvisionJob> & { readonly requestsSent: () => number } {
  const isDuplicate = createDuplicateCheck();
  let batcher: MembershipBatcher | undefined;
  let createRequests = 0;
  const batcherFor = (context: JobContext): MembershipBatcher =>
    (batcher ??= createMembershipBatcher((members) => context.request(() => client.addAgentsToCampaigns(members)), options.batchSize));

  // A job's state keys are hashed once (a row needs each up to three times).
  const keys = new WeakMap<ProvisionJob, { readonly agent: string; readonly members: ReadonlyMap<string, string> }>();
  const keysOf = (job: ProvisionJob, context: JobContext) => {
    let known = keys.get(job);
    if (known === undefined) {
      const { userName, phoneNumber } = job.agent;
      known = {
        agent: stateKey(context.instance, 'createAgent', userName, phoneNumber),
        members: new Map(job.campaigns.map((campaign) => [campaign, stateKey(context.instance, 'addQueueMember', userName, campaign)])),
      };
      keys.set(job, known);
    }
    return known;
  };
  const isDone = (context: JobContext, key: string): boolean => context.state.status(key) === 'done';

  return {
    command: 'provision',
    requiredColumns: PROVISION_COLUMNS,
    optionalColumns: [],
    parseRow(cells) {
      const parsed = parseProvisionRow(cells);
      if (!parsed.ok) return parsed;
      const duplicate = isDuplicate(parsed.job);
      return duplicate === undefined ? parsed : { ok: false, problem: duplicate };
    },
    alreadyDone(job, context) {
      const { agent, members } = keysOf(job, context);
      return isDone(context, agent) && [...members.values()].every((key) => isDone(context, key));
    },
    async run(job, context): Promise<RowOutcome> {
      const { agent } = job;
      const { agent: agentKey, members } = keysOf(job, context);
      const reservation = batcherFor(context).reserve();
      let agentStatus: 'created' | 'existing' | 'known';
      try {
        agentStatus = await ensureAgent(agent, agentKey, context);
      } catch (error) {
        reservation.cancel();
        throw error;
      }
      const pending = [...members].filter(([, key]) => !isDone(context, key));
      try {
        await reservation.add(pending.map(([campaign]): QueueMemberInput => queueMember(agent.userName, agent.phoneNumber, campaign)));
      } catch (error) {
        throw membershipFailure(error, agent, agentStatus);
      }
      await Promise.all(pending.map(([campaign, key]) => context.state.mark(key, 'done', `member ${agent.userName} of ${campaign}`)));
      if (agentStatus === 'created') return { status: 'ok' };
      if (agentStatus === 'existing') return { status: 'existing' };
      return { status: pending.length > 0 ? 'ok' : 'skipped' };
    },
    flush() {
      batcher?.endOfInput();
    },
    rowsInFlight(concurrency) {
      return options.batchSize + concurrency;
    },
    requestsSent: () => createRequests + (batcher?.requestsSent ?? 0),
  };

  async function ensureAgent(agent: CreateAgentInput, key: string, context: JobContext): Promise<'created' | 'existing' | 'known'> {
    const earlier = context.state.status(key);
    if (earlier === 'done') return 'known';
    const what = `agent ${agent.userName} (${agent.phoneNumber})`;
    await context.state.mark(key, 'attempted', what);
    try {
      createRequests += 1;
      await context.request(() => client.createAgent(agent));
    } catch (error) {
      const refused = isIntegraError(error) && error.kind === 'refused';
      if (!refused) throw error; // no clear answer: `attempted` stays, the next run can tell
      if (earlier !== 'attempted') {
        await context.state.mark(key, 'refused', what);
        throw new RowFailureError(
          'refused',
          `Create Agent: the platform refused ${what}. The phone number or the user name is probably taken by another agent (the platform does not say which); change it in the file and run again`,
        );
      }
      // An earlier run sent this very agent and lost the answer; the platform now refuses it as taken.
      await context.state.mark(key, 'done', what);
      return 'existing';
    }
    await context.state.mark(key, 'done', what);
    return 'created';
  }
}

function membershipFailure(error: unknown, agent: CreateAgentInput, agentStatus: 'created' | 'existing' | 'known'): RowFailureError {
  const failure = rowFailureOf(error);
  const agentPart = agentStatus === 'created' ? 'the agent was created but ' : '';
  return new RowFailureError(failure.kind, `${failure.message} (${agentPart}${agent.userName} was not added to its campaigns; check the campaign names and run again: only what is missing is sent)`);
}
