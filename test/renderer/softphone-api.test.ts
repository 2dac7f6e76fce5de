// The renderer's typed layer over a raw bridge: replies and events are parsed
// with the contract; anything malformed becomes a typed error or is dropped.
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT, type SoftphoneBridge } from '../../common/ipc-contract';
import { createSoftphoneApi } from '../../renderer/src/bridge/softphone-api';

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
});
