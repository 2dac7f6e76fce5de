// Verdicts of the shift-start check's network steps, pure: from what was
// measured to a step with plain words and, when it is not fine, what to tell
// IT (check-en.ts / check-es.ts say them).
import type { ApiCheck, CheckStep } from '../../../common/ipc-contract';
import type { MessageKey } from '../../../common/i18n';
import { isLoopbackHost } from '../../../common/loopback';
import type { IceProbe } from './ice-probe';

/** Clocks further apart than this break tokens and certificates (and Kerberos allows 5 min): said as a warning. */
export const CLOCK_SKEW_WARN_SECONDS = 60;

type Params = Record<string, string>;
const say = (key: MessageKey, params: Params = {}) => ({ key, params });

export function apiStep(api: ApiCheck): CheckStep {
  const figures = { url: api.url, status: api.status, ms: api.elapsedMs, tls: api.tls?.protocol ?? null, authorized: api.tls?.authorized ?? null, clockSkewSeconds: api.clockSkewSeconds };
  const base = { id: 'api' as const, figures };
  const url = api.url;
  if (!api.reachable) {
    return { ...base, verdict: 'failed', say: say('check.api.unreachable', { url, problem: api.problem ?? '' }), tellIt: say('check.api.unreachable.it', { url }) };
  }
  if (api.tls && !api.tls.authorized) {
    const problem = api.tls.problem ?? '';
    return {
      ...base, verdict: 'failed',
      say: say('check.api.untrusted', { problem }),
      tellIt: say('check.api.untrusted.it', { url, problem }),
    };
  }
  const skew = api.clockSkewSeconds ?? 0;
  if (Math.abs(skew) > CLOCK_SKEW_WARN_SECONDS) {
    return { ...base, verdict: 'warning', say: say('check.api.clock', { skew: String(skew) }), tellIt: say('check.api.clock.it', { skew: String(skew) }) };
  }
  const ms = String(api.elapsedMs);
  if (!api.tls) {
    return isLoopbackHost(new URL(url).hostname)
      ? { ...base, verdict: 'passed', say: say('check.api.passedLocal', { ms }), tellIt: null }
      : { ...base, verdict: 'warning', say: say('check.api.plainHttp', { ms }), tellIt: say('check.api.plainHttp.it', { url }) };
  }
  return { ...base, verdict: 'passed', say: say('check.api.passed', { ms, protocol: api.tls.protocol ?? 'TLS', skew: String(Math.max(1, Math.abs(skew))) }), tellIt: null };
}

export function apiErrorStep(cause: string): CheckStep {
  return { id: 'api', verdict: 'failed', say: say('check.api.error', { cause }), tellIt: null, figures: {} };
}

export function sipStep(registered: boolean, answered: boolean, ms: number, server: string): CheckStep {
  const figures = { registered, answered, ms, server };
  if (!registered) return { id: 'sip', verdict: 'failed', say: say('check.sip.unregistered'), tellIt: say('check.sip.unregistered.it', { server }), figures };
  if (!answered) return { id: 'sip', verdict: 'failed', say: say('check.sip.silent', { ms: String(ms) }), tellIt: say('check.sip.silent.it', { server }), figures };
  return { id: 'sip', verdict: 'passed', say: say('check.sip.passed', { ms: String(ms) }), tellIt: null, figures };
}

/** Whether a probe got what its server is for: STUN an address through NAT (or it is on our own network), TURN a relay. */
export const probeWorks = (probe: IceProbe): boolean => (probe.kind === 'turn' ? probe.relay : probe.srflx);

export function iceStep(probes: readonly IceProbe[], typeWord: (type: 'host' | 'srflx' | 'relay' | 'nothing') => string): CheckStep {
  const figures = Object.fromEntries(probes.slice(0, 30).map((p) => [p.url.slice(0, 40), [p.host && 'host', p.srflx && 'srflx', p.relay && `relay/${p.transport}`].filter(Boolean).join(' ') || (p.error ?? 'nothing')]));
  if (probes.length === 0) return { id: 'ice', verdict: 'passed', say: say('check.ice.none'), tellIt: null, figures };
  const describe = (p: IceProbe): string => {
    const types = (['srflx', 'relay'] as const).filter((t) => p[t]).map((t) => typeWord(t));
    return `${p.url} (${types.length > 0 ? types.join(', ') : typeWord('nothing')})`;
  };
  const working = probes.filter(probeWorks);
  const failed = probes.filter((p) => !probeWorks(p));
  const list = (ps: readonly IceProbe[]): string => ps.map(describe).join('; ');
  if (failed.length === 0) return { id: 'ice', verdict: 'passed', say: say('check.ice.passed', { list: list(working) }), tellIt: null, figures };
  if (working.length === 0) return { id: 'ice', verdict: 'failed', say: say('check.ice.noneWorks', { failed: list(failed) }), tellIt: say('check.ice.noneWorks.it', { failed: list(failed) }), figures };
  // Every UDP address silent while a TCP/TLS relay works: the network blocks UDP.
  const udpFailed = failed.every((p) => p.transport === 'udp');
  const overStream = working.some((p) => p.relay && p.transport !== 'udp');
  if (udpFailed && overStream && !working.some((p) => p.transport === 'udp')) {
    return { id: 'ice', verdict: 'warning', say: say('check.ice.udpBlocked', { failed: list(failed), working: list(working) }), tellIt: say('check.ice.udpBlocked.it'), figures };
  }
  return { id: 'ice', verdict: 'warning', say: say('check.ice.some', { failed: list(failed), working: list(working) }), tellIt: say('check.ice.some.it', { failed: list(failed) }), figures };
}
