// The app's phone with main's probe behind it (as use-phone.ts builds it), in
// Node on the fake SIP server: after the connection is lost it opens no
// connection until main says the server is reachable, shows "offline" while
// main finds it away, and registers again once main says it is back.
import { describe, expect, it, vi } from 'vitest';
import type { ConnectionIndicator } from '../../renderer/src/phone';
import { FakeSipServer } from './support/fake-sip-server';
import { phoneKit } from './support/phone-kit';

const { registered } = phoneKit();

describe('the phone with main behind it', () => {
  it('makes no connection attempt while main finds the server away, says offline, and registers when main says it is back', async () => {
    const server = new FakeSipServer();
    let answer: ((reachable: boolean) => void) | null = null;
    const asked: number[] = [];
    const phone = await registered(server, {
      reachability: {
        waitReachable: (timeoutMs) =>
          new Promise<boolean>((resolve) => {
            asked.push(timeoutMs);
            answer = resolve;
          }),
      },
    });
    const indicators: ConnectionIndicator[] = [];
    phone.on('connection', (c) => indicators.push(c));
    const connects = server.connects;
    server.refuseConnections = true;
    server.drop();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    await vi.waitFor(() => expect(phone.connection).toBe('offline'));
    await new Promise((r) => setTimeout(r, 600));
    expect(server.connects).toBe(connects);
    server.refuseConnections = false;
    answer!(true);
    await vi.waitFor(() => expect(phone.registration.kind).toBe('registered'));
    expect(server.connects).toBe(connects + 1);
    expect(indicators).toEqual(['connecting', 'offline', 'connecting', 'registered']);
  });
});
