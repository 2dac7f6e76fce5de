// Errors main sends carry `say` (a message key, parameters, a spoken cause):
// every key exists, the English it speaks is exactly the English `message`
// (one text, two forms), Spanish is spoken for every one of them, and no
// parameter carries a secret.
import { describe, expect, it } from 'vitest';
import { english, isMessageKey, speak, type Say } from '../../common/i18n/say';
import type { IpcError } from '../../common/ipc-contract';
import {
  AbortedError, BadInputError, HttpStatusError, NotSignedInError, PlatformRefusedError, TimeoutError, UnexpectedResponseError, type IntegraError,
} from '../../main/api/index';
import { mapFailure } from '../../main/api/transport-errors';
import { toCallsFailure } from '../../main/services/calls/calls-failure';
import { toIpcFailure } from '../../main/services/session/api-failure';
import { toSupervisorFailure } from '../../main/services/supervisor/supervisor-failure';

const SECRET = 'tok-3c1f9e-secret';
const failure = (code: string): Error => Object.assign(new Error(`connect ${code} 127.0.0.1:9 (token ${SECRET})`), { code });
const fromTransport = (code: string): IntegraError =>
  mapFailure(failure(code), { operation: 'agentLogin', timedOut: false, timeoutMs: 15_000, callerAborted: false, secrets: [SECRET] });

const CLIENT_ERRORS: readonly [string, IntegraError][] = [
  ...['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ETIMEDOUT', 'EWHATEVER', 'CERT_HAS_EXPIRED', 'UND_ERR_HEADERS_TIMEOUT'].map(
    (code): [string, IntegraError] => [code, fromTransport(code)],
  ),
  ['unknown reason', mapFailure(SECRET, { operation: 'agentLogin', timedOut: false, timeoutMs: 15_000, callerAborted: false, secrets: [SECRET] })],
  ['timeout', new TimeoutError('agentLogin', 15_000)],
  ['http 502', new HttpStatusError('agentLogin', 502)],
  ['html', new UnexpectedResponseError('agentLogin', 'an HTML page')],
  ['aborted', new AbortedError('agentLogin')],
  ['bad input', new BadInputError('agentLogin', 'agent is empty')],
  ['not signed in', new NotSignedInError('agentLogin')],
  ['refused', new PlatformRefusedError('agentLogin', '0', 'wrong agent or password')],
  ['refused again after signing in anew', new PlatformRefusedError('makeCall', '0', 'the call was not placed', { afterReauthentication: true })],
];

const DESCRIBERS: readonly [string, (error: unknown) => IpcError][] = [
  ['sign-in (agent)', (e) => toIpcFailure(e, 'agent').detail],
  ['sign-in (API user)', (e) => toIpcFailure(e, 'apiUser').detail],
  ['supervisor', (e) => toSupervisorFailure(e, { key: 'sup.err.members', params: { count: '4' } }).detail],
  ['calls', (e) => toCallsFailure(e, 'makeCall', { key: 'calls.err.makeCall', params: { destination: '099123456', campaign: 'Manual->' } }).detail],
];

const cases = DESCRIBERS.flatMap(([where, describe]) => CLIENT_ERRORS.map(([what, error]) => [`${where}: ${what}`, describe(error)] as const));
const spokenCases = cases.filter(([, error]) => error.say !== undefined);

describe('errors spoken in the user\'s language', () => {
  it('covers most failures: every describer speaks network, TLS, time-out and refusal failures', () => {
    for (const [where] of DESCRIBERS) {
      for (const what of ['ECONNREFUSED', 'CERT_HAS_EXPIRED', 'timeout', 'refused']) {
        const found = cases.find(([name]) => name === `${where}: ${what}`);
        expect(found?.[1].say, `${where}: ${what}`).toBeDefined();
      }
    }
    expect(spokenCases.length).toBeGreaterThan(40);
  });

  it.each(spokenCases)('%s: known keys, English equal to the message, Spanish spoken', (_name, error) => {
    const say = error.say as Say;
    expect(isMessageKey(say.key)).toBe(true);
    if (say.cause) expect(isMessageKey(say.cause.key)).toBe(true);
    expect(english(say)).toBe(error.message);
    const spanish = speak('es', say);
    expect(spanish).toBeDefined();
    expect(spanish).not.toBe(error.message);
    expect(spanish).not.toMatch(/\{\w+\}/); // every placeholder filled
  });

  it('a call that cannot reach the platform is said once: its own operation, the cause alone, one piece of advice', () => {
    for (const [what, error] of CLIENT_ERRORS.filter(([, e]) => e.kind === 'connection' || e.kind === 'timeout')) {
      const described = toCallsFailure(error, 'makeCall', { key: 'calls.err.makeCall', params: {} }).detail;
      for (const [language, operation, advice] of [['es', 'Realizar llamada', /Revise/gu], ['en', 'Make Call', /Check/gu]] as const) {
        const text = speak(language, described.say as Say) ?? '';
        expect({ what, language, operations: text.split(operation).length - 1, advice: text.match(advice)?.length ?? 0 }).toEqual({ what, language, operations: 1, advice: 1 });
        expect(text).not.toMatch(/agentLogin|Agent Authentication|Autenticación/u);
      }
    }
  });

  it('never puts a secret into the parameters', () => {
    for (const [, error] of cases) expect(JSON.stringify(error.say ?? {})).not.toContain(SECRET);
  });

  it('falls back (undefined) for a key the page does not know, so the English message is shown', () => {
    expect(speak('es', { key: 'no.such.key', params: {} })).toBeUndefined();
    expect(speak('es', { key: 'signIn.err.unreachable', params: {}, cause: { key: 'no.such.key', params: {} } })).toBeUndefined();
  });

  it('translates the operation named in `operation`', () => {
    expect(speak('es', { key: 'cause.aborted', params: { operation: 'createAgent' } })).toBe('Crear agente: la solicitud se canceló antes de que llegara la respuesta.');
    expect(speak('en', { key: 'cause.aborted', params: { operation: 'createAgent' } })).toBe('Create Agent: the request was cancelled before an answer came.');
  });
});
