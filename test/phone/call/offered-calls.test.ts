// A call another agent transferred here says who did (Referred-By), cleaned like all caller text.
import { describe, expect, it, vi } from 'vitest';
import { FakeSipServer } from '../support/fake-sip-server';
import { phoneKit } from '../support/phone-kit';

const { registered, CTI } = phoneKit();

describe('a transferred call offered to the agent', () => {
  it('reads Referred-By into the call, beside the CTI; a call without one says null', async () => {
    const server = new FakeSipServer();
    const phone = await registered(server);
    server.invite({ 'X-CTI': CTI, 'Referred-By': '"Ana" <sip:10\u202E03@127.0.0.1>;cid=x' });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    expect(phone.call?.info).toMatchObject({ referredBy: '1003', direction: 'incoming', role: 'customer', cti: { Guid: 'g-42' } });
    await phone.reject();
    server.invite({ 'X-CTI': CTI });
    await vi.waitFor(() => expect(phone.call?.state.kind).toBe('ringing'));
    expect(phone.call?.info.referredBy).toBeNull();
  });
});
