import { UsageError, type CommandSpec } from '../cli-types';
import { optional, required } from '../option-values';

// Authentication and the agent operations (signed in as an agent by default).

const s = (description: string, value = '<text>') => ({ type: 'string' as const, description, value });

export const clientAuth: CommandSpec = {
  name: 'client-auth',
  operation: 'Client Authentication',
  summary: 'get an API token for a user; prints {"token": ...}',
  signIn: 'none',
  options: { user: s('user name (env INTEGRA_USER)', '<name>'), password: s('password (env INTEGRA_PASSWORD)', '<secret>') },
  async run({ client, values, io }) {
    const user = optional(values, 'user') ?? io.env['INTEGRA_USER'];
    const password = optional(values, 'password') ?? io.env['INTEGRA_PASSWORD'];
    if (!user || !password) throw new UsageError('--user and --password (or INTEGRA_USER and INTEGRA_PASSWORD) are required');
    return { token: await client.clientAuthenticate({ user, password }) };
  },
};

export const agentAuth: CommandSpec = {
  name: 'agent-auth',
  operation: 'Agent Authentication',
  summary: 'log an agent in; prints the agent record (with its token and md5secret)',
  signIn: 'none',
  options: { agent: s('agent user name (env INTEGRA_AGENT)', '<name>'), password: s('agent password (env INTEGRA_AGENT_PASSWORD)', '<secret>') },
  async run({ client, values, io }) {
    const agent = optional(values, 'agent') ?? io.env['INTEGRA_AGENT'];
    const password = optional(values, 'password') ?? io.env['INTEGRA_AGENT_PASSWORD'];
    if (!agent || !password) throw new UsageError('--agent and --password (or INTEGRA_AGENT and INTEGRA_AGENT_PASSWORD) are required');
    return client.agentAuthenticate({ agent, password });
  },
};

export const logout: CommandSpec = {
  name: 'logout',
  operation: 'Log Out',
  summary: 'end an agent session',
  signIn: 'agent',
  options: {
    agent: s('user name to log out (default INTEGRA_AGENT)', '<name>'),
    interface: s('the agent SIP phone, SIP/<extension>', '<SIP/ext>'),
    message: s('message to save'),
  },
  async run({ client, values, io }) {
    const agent = optional(values, 'agent') ?? io.env['INTEGRA_AGENT'];
    if (!agent) throw new UsageError('--agent is required');
    const iface = optional(values, 'interface');
    const message = optional(values, 'message');
    await client.logOut({ agent, ...(iface !== undefined ? { interface: iface } : {}), ...(message !== undefined ? { message } : {}) });
    return { ok: true };
  },
};

export const hangup: CommandSpec = {
  name: 'hangup',
  operation: 'Hang Up Call',
  summary: 'hang up the call of an agent phone',
  signIn: 'agent',
  options: { phone: { ...s('agent phone number/extension', '<ext>'), required: true } },
  async run({ client, values }) {
    await client.hangUpCall({ phone: required(values, 'phone') });
    return { ok: true };
  },
};

export const makeCall: CommandSpec = {
  name: 'make-call',
  operation: 'Make Call',
  summary: 'have an agent place a call; prints {"guid": ...}',
  signIn: 'agent',
  options: {
    callerid: { ...s('DID of the campaign the call goes through', '<number>'), required: true },
    agent: { ...s('agent who takes the call', '<name>'), required: true },
    phone: { ...s('agent phone number', '<ext>'), required: true },
    tech: s('protocol (default SIP)', '<SIP>'),
    context: { ...s('flow context: agentes or agents', '<context>'), required: true },
    outqueue: { ...s('name of the manual campaign', '<campaign>'), required: true },
    destination: { ...s('number to dial', '<number>'), required: true },
  },
  async run({ client, values }) {
    const tech = optional(values, 'tech');
    const guid = await client.makeCall({
      callerid: required(values, 'callerid'),
      agent: required(values, 'agent'),
      phone: required(values, 'phone'),
      ...(tech ? { tech } : {}),
      context: required(values, 'context'),
      outqueue: required(values, 'outqueue'),
      destination: required(values, 'destination'),
    });
    return { guid };
  },
};

const dispositionKeys = ['l2', 'l3', 'd1', 'd2', 'comment', 'schedule', 'camptoreschedule', 'tag'] as const;

export const disposition: CommandSpec = {
  name: 'disposition',
  operation: 'Call Disposition',
  summary: 'record how a call ended (every key is sent, empty where not given)',
  signIn: 'agent',
  options: {
    campaign: { ...s('campaign name', '<campaign>'), required: true },
    agent: { ...s('agent user name', '<name>'), required: true },
    callerid: { ...s('contact phone number', '<number>'), required: true },
    guid: { ...s('call identifier from Make Call', '<guid>'), required: true },
    l1: { ...s('disposition level 1'), required: true },
    l2: s('disposition level 2'),
    l3: s('disposition level 3'),
    d1: s('extra data 1'),
    d2: s('extra data 2'),
    comment: s('comment'),
    schedule: s('callback date-time, YYYY-MM-DD hh:mm:ss', '<date-time>'),
    camptoreschedule: s('dialer to schedule the callback on', '<campaign>'),
    tag: s('disposition tag'),
  },
  async run({ client, values }) {
    const rest = Object.fromEntries(dispositionKeys.map((k) => [k, optional(values, k) ?? '']));
    await client.callDisposition({
      campaign: required(values, 'campaign'),
      agent: required(values, 'agent'),
      callerid: required(values, 'callerid'),
      guid: required(values, 'guid'),
      l1: required(values, 'l1'),
      ...rest,
    });
    return { ok: true };
  },
};

export const campaigns: CommandSpec = {
  name: 'campaigns',
  operation: 'Get Campaigns',
  summary: 'list campaigns with their parsed fields (--raw: the records only)',
  signIn: 'agent',
  options: { raw: { type: 'boolean', description: 'print the records as the platform sent them' } },
  async run({ client, values }) {
    const list = await client.getCampaigns();
    return values['raw'] === true ? list.map((c) => c.record) : list;
  },
};
