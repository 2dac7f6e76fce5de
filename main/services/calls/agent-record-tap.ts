// Make Call needs the `context` of the agent record Agent Authentication
// returned. The session keeps only what the page needs, so the composition
// root wraps the session's client factory and hands each record it sees to
// the calls service. The record is parsed; nothing secret is kept.
import { z } from 'zod';
import type { SessionApi, SessionApiFactory } from '../session';

const recordContextSchema = z.looseObject({ name: z.string().min(1), context: z.string().min(1) });

/** The agent's phone (`name`) and `context`, or null when the record lacks them. */
export type AgentContextListener = (record: { phone: string; context: string } | null) => void;

export function tapAgentRecords<Api extends SessionApi>(factory: SessionApiFactory<Api>, onRecord: AgentContextListener): SessionApiFactory<Api> {
  return async (connection) => {
    const api = await factory(connection);
    const authenticate = api.agentAuthenticate.bind(api);
    const renew = api.renewAgentLogin.bind(api);
    const seen = (record: unknown): unknown => {
      const parsed = recordContextSchema.safeParse(record);
      onRecord(parsed.success ? { phone: parsed.data.name, context: parsed.data.context } : null);
      return record;
    };
    // A renewed login (session renewal) brings a record too: the context follows it.
    return Object.assign(Object.create(api) as Api, {
      agentAuthenticate: async (input: { agent: string; password: string }): Promise<unknown> => seen(await authenticate(input)),
      renewAgentLogin: async (options?: { signal?: AbortSignal }): Promise<unknown> => seen(await renew(options)),
    });
  };
}
