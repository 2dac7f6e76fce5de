import { z } from 'zod';
import { CreateAgentInputSchema, describeIssues, type CreateAgentInput } from '../../../common/domain';
import type { ParsedRow } from './bulk-runner';

// One row of `integra provision`: user, fullname, phone, password, campaigns
// (campaign names separated by `;`).

export const PROVISION_COLUMNS = ['user', 'fullname', 'phone', 'password', 'campaigns'] as const;

export interface ProvisionJob {
  readonly agent: CreateAgentInput;
  /** Distinct campaign names, in the order of the row. */
  readonly campaigns: readonly string[];
}

const campaignsSchema = z
  .string()
  .transform((text) => [...new Set(text.split(';').map((name) => name.trim()).filter((name) => name !== ''))]);

/** Column name in the CSV for each field of Create Agent's input, for messages. */
const COLUMN_OF: Readonly<Record<string, string>> = { userName: 'user', fullname: 'fullname', phoneNumber: 'phone', password: 'password' };

export function parseProvisionRow(cells: Readonly<Record<string, string>>): ParsedRow<ProvisionJob> {
  const agent = CreateAgentInputSchema.safeParse({
    userName: cells.user ?? '',
    password: cells.password ?? '',
    fullname: cells.fullname ?? '',
    phoneNumber: cells.phone ?? '',
  });
  if (!agent.success) {
    // Name the CSV column; zod's messages here never include the value (so never a password).
    const problem = describeIssues(agent.error).replace(/^(\w+):/, (_, field: string) => `column ${COLUMN_OF[field] ?? field}:`).replace(/; (\w+):/g, (_, field: string) => `; column ${COLUMN_OF[field] ?? field}:`);
    return { ok: false, problem };
  }
  return { ok: true, job: { agent: agent.data, campaigns: campaignsSchema.parse(cells.campaigns ?? '') } };
}

/** Remembers users and phones seen so far in one file: a repeated one is a mistake in the file. */
export function createDuplicateCheck(): (job: ProvisionJob) => string | undefined {
  const users = new Set<string>();
  const phones = new Set<string>();
  return (job) => {
    const { userName, phoneNumber } = job.agent;
    if (users.has(userName)) return `column user: ${userName} appears on an earlier row of this file`;
    if (phones.has(phoneNumber)) return `column phone: ${phoneNumber} appears on an earlier row of this file (an agent's phone number is unique)`;
    users.add(userName);
    phones.add(phoneNumber);
    return undefined;
  };
}
