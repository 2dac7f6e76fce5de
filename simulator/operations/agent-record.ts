// The Agent record as Agent Authentication returns it: every field of the
// spec's Agent table, with the login-time values (host, context, empty secret).
import type { AgentEntry } from '../state/records';

export function agentLoginRecord(agent: AgentEntry, hostName: string, token: string): Record<string, string | number> {
  return {
    id: agent.id,
    name: agent.name,
    host: hostName,
    nat: 'yes',
    type: 'friend',
    accountcode: agent.accountcode,
    callgroup: '',
    callerid: agent.name,
    canreinvite: '',
    context: 'agents',
    dtmfmode: 'rfc2833',
    insecure: '',
    language: 'es',
    mailbox: '',
    md5secret: agent.md5secret,
    pickupgroup: '',
    qualify: 'yes',
    secret: '',
    disallow: 'all',
    allow: 'alaw;ulaw',
    port: '',
    defaultuser: agent.name,
    subscribecontext: 'default',
    record: 'agent',
    email: agent.email,
    phonetype: 'SoftPhone',
    LogLevel: 'SEVERE',
    limite: agent.limite,
    transport: 'wss',
    encryption: 'yes',
    did: agent.did,
    outboundproxy: '',
    fullname: agent.fullname,
    token,
  };
}
