// Pure conversions of form input into request values (tested in test/services/supervisor).
import type { AgentRef } from '../../../common/ipc-contract';

/** `user,phone` lines (`;` also accepted) → agents, or the number of the first bad line. */
export function parseTypedAgents(text: string): { agents: AgentRef[]; badLine: number | null } {
  const agents: AgentRef[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '') continue;
    const m = /^([^,;\s]+)\s*[,;]\s*(\+?[0-9]{2,20})$/.exec(line);
    if (!m) return { agents, badLine: i + 1 };
    agents.push({ membername: m[1] ?? '', phone: m[2] ?? '' });
  }
  return { agents, badLine: null };
}
