import type { QueueMemberInput } from '../../../common/domain';
import { UsageError, type CommandSpec } from '../cli-types';
import { flag, list, optional, required } from '../option-values';

// The administrative operations (signed in with the API user by default).

const s = (description: string, value = '<text>') => ({ type: 'string' as const, description, value });

export const dialerTask: CommandSpec = {
  name: 'dialer-task',
  operation: 'Add Record to Dialer',
  summary: 'queue one record to be dialed when an agent is free',
  signIn: 'client',
  options: {
    campaign: { ...s('campaign receiving the record', '<campaign>'), required: true },
    destination: { ...s('number to dial', '<number>'), required: true },
    calldate: s('when to dial, YYYY-MM-DD hh:mm:ss (default: now, sent as null)', '<date-time>'),
    alternatives: s('alternative number(s)'),
    agent: s('extension of an agent who must take the call', '<ext>'),
    data: s('data for forms, key=value'),
    source: s('source (meaning not documented)'),
    bulk: { type: 'boolean', description: 'bulk flag (meaning not documented)' },
    automatic: { type: 'boolean', description: 'automatic flag (meaning not documented)' },
  },
  async run({ client, values }) {
    await client.addRecordToDialer({
      calldate: optional(values, 'calldate') ?? null,
      campaign: required(values, 'campaign'),
      destination: required(values, 'destination'),
      alternatives: optional(values, 'alternatives') ?? '',
      agent: optional(values, 'agent') ?? '',
      data: optional(values, 'data') ?? '',
      source: optional(values, 'source') ?? '',
      bulk: flag(values, 'bulk'),
      automatic: flag(values, 'automatic'),
    });
    return { ok: true };
  },
};

export const createAgent: CommandSpec = {
  name: 'create-agent',
  operation: 'Create Agent',
  summary: 'create an agent (SIP user); the spec\'s fixed fields are filled in',
  signIn: 'client',
  options: {
    userName: { ...s('agent user name', '<name>'), required: true },
    secret: s('the new agent\'s password (seen in the process list and shell history: prefer --secret-stdin)', '<secret>'),
    'secret-stdin': { type: 'boolean', description: 'read the new agent\'s password from standard input (its first line)' },
    fullname: { ...s('full name', '<name>'), required: true },
    phoneNumber: { ...s('agent phone number (unique)', '<ext>'), required: true },
  },
  // --secret-stdin becomes --secret here, before signing in, so a missing password costs no request.
  async preflight({ values, io }) {
    const given = optional(values, 'secret');
    if (values['secret-stdin'] !== true) {
      if (given === undefined || given.trim() === '') throw new UsageError('--secret or --secret-stdin is required (the new agent\'s password)');
      return undefined;
    }
    if (given !== undefined) throw new UsageError('give the new agent\'s password with --secret or with --secret-stdin, not both');
    if (!io.readStdin) throw new UsageError('--secret-stdin needs standard input');
    const [firstLine = ''] = (await io.readStdin()).split(/\r?\n/);
    if (firstLine === '') throw new UsageError('--secret-stdin read no password: standard input was empty');
    values['secret'] = firstLine;
    return undefined;
  },
  async run({ client, values }) {
    await client.createAgent({
      userName: required(values, 'userName'),
      password: required(values, 'secret', "the new agent's password"),
      fullname: required(values, 'fullname'),
      phoneNumber: required(values, 'phoneNumber'),
    });
    return { ok: true };
  },
};

export const addToCampaign: CommandSpec = {
  name: 'add-to-campaign',
  operation: 'Add Agent to Campaign',
  summary: 'add agents to campaigns in one request: each --membername/--interface1 pair joins every --queueName',
  signIn: 'client',
  options: {
    membername: { ...s('agent user name (repeatable)', '<name>'), multiple: true, required: true },
    interface1: { ...s('SIP/<agent phone> of the matching --membername (repeatable)', '<SIP/ext>'), multiple: true },
    queueName: { ...s('campaign name (repeatable)', '<campaign>'), multiple: true, required: true },
  },
  async run({ client, values }) {
    const names = list(values, 'membername');
    const interfaces = list(values, 'interface1');
    const queues = list(values, 'queueName');
    if (names.length === 0 || queues.length === 0) throw new UsageError('at least one --membername and one --queueName are required');
    if (names.length !== interfaces.length) throw new UsageError('give one --interface1 for each --membername, in the same order');
    const members: QueueMemberInput[] = names.flatMap((membername, i) =>
      queues.map((queueName) => ({ membername, queueName, interface1: interfaces[i] ?? '' })),
    );
    await client.addAgentsToCampaigns(members);
    return { ok: true, added: members.map(({ membername, queueName }) => ({ membername, queueName })) };
  },
};

export const dialers: CommandSpec = {
  name: 'dialers',
  operation: 'Get Dialers',
  summary: 'list dialers with their parsed fields (--raw: the records only)',
  signIn: 'client',
  options: { raw: { type: 'boolean', description: 'print the records as the platform sent them' } },
  async run({ client, values }) {
    const list = await client.getDialers();
    return values['raw'] === true ? list.map((d) => d.record) : list;
  },
};
