// The renderer's typed layer over a raw bridge: replies and events are parsed
// with the contract; anything malformed becomes a typed error or is dropped.
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, type SoftphoneBridge } from '../../common/ipc-contract';
import { es } from '../../common/i18n/es';
import { createSoftphoneApi, loadContract } from '../../renderer/src/bridge/softphone-api';
import { errorText } from '../../renderer/src/speak-error';

function fakeBridge(reply: (channel: string) => unknown) {
  const listeners = new Map<string, (payload: unknown) => void>();
  const bridge: SoftphoneBridge = {
    invoke: async (channel) => reply(channel),
    on: (event, listener) => {
      listeners.set(event, listener);
      return () => listeners.delete(event);
    },
  };
  return { bridge, emit: (event: string, payload: unknown) => listeners.get(event)?.(payload) };
}

describe('SoftphoneApi', () => {
  it('returns a parsed reply', async () => {
    const api = createSoftphoneApi(fakeBridge(() => ({ ok: true, value: SIGNED_OUT })).bridge);
    expect(await api.request('session.get', {})).toEqual({ ok: true, value: SIGNED_OUT });
  });

  it('passes a typed error through', async () => {
    const error = { code: 'wrong-credentials', message: 'no', field: 'password' };
    const api = createSoftphoneApi(fakeBridge(() => ({ ok: false, error })).bridge);
    expect(await api.request('session.get', {})).toEqual({ ok: false, error });
  });

  it.each([
    ['a reply of the wrong shape', () => ({ ok: true, value: { state: 'dancing' } })],
    ['no envelope at all', () => 'hello'],
    ['a transport that throws', () => {
      throw new Error('socket closed');
    }],
  ])('turns %s into an internal error', async (_case, reply) => {
    const api = createSoftphoneApi(fakeBridge(reply).bridge);
    const result = await api.request('session.get', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('delivers valid events and drops malformed ones', () => {
    const fake = fakeBridge(() => null);
    const api = createSoftphoneApi(fake.bridge);
    const seen: unknown[] = [];
    api.subscribe('session.changed', (view) => seen.push(view.state));
    fake.emit('session.changed', SIGNED_OUT);
    fake.emit('session.changed', { state: 'signed-in', token: 'x' });
    expect(seen).toEqual(['signed-out']);
  });

  // Only the page's first schemas are built at once; the rest come with the contract's chunk (issue 23).
  it('delivers events that came before the contract was loaded, in their order, and drops malformed ones', async () => {
    const fake = fakeBridge(() => null);
    const api = createSoftphoneApi(fake.bridge);
    const seen: string[] = [];
    api.subscribe('workstation.command', (command) => seen.push(command.command));
    fake.emit('workstation.command', { command: 'answer', callId: null });
    fake.emit('workstation.command', { command: 'dance', callId: null });
    fake.emit('workstation.command', { command: 'hang-up', callId: 'c1' });
    await loadContract();
    await new Promise((resolve) => setTimeout(resolve, 0));
    fake.emit('workstation.command', { command: 'reject', callId: null });
    expect(seen).toEqual(['answer', 'hang-up', 'reject']);
  });

  it('parses the reply of a channel outside the first schemas with the whole contract', async () => {
    const api = createSoftphoneApi(fakeBridge((channel) => (channel === 'calls.pendingWrapUps' ? { ok: true, value: 'not a list' } : null)).bridge);
    const result = await api.request('calls.pendingWrapUps', {});
    expect(result).toMatchObject({ ok: false, error: { code: 'internal' } });
    // Said in the agent's language and named after the operation, not the channel.
    if (result.ok) throw new Error('expected a failure');
    expect(errorText(es, result.error)).toBe('Leer las llamadas que esperan calificación falló de forma inesperada dentro de la aplicación. Vuelva a intentar; si sigue fallando, reinicie la aplicación.');
  });
});
