// Holds main's replies on chosen channels, for tests of what the page does
// while main has not answered yet (a busy workstation): Playwright routes the
// page's bridge socket to the real host, passing every frame on except the
// replies to a held channel, which wait until `release()`. The page is
// reloaded, so that its bridge socket is one the route sees.
import type { Page } from 'playwright-core';
import { BRIDGE_PATH } from '../../common/ipc/bridge-path';

export interface BridgeHold {
  /** Replies to `channel` wait from now on, until release(). */
  hold(channel: string): void;
  /** How many replies wait. */
  held(): number;
  /** Sends the replies that wait, and stops holding. */
  release(): void;
}

interface Frame {
  type?: string;
  id?: number;
  channel?: string;
}

const frameOf = (message: string | Buffer): Frame => {
  if (typeof message !== 'string') return {};
  try {
    return JSON.parse(message) as Frame;
  } catch {
    return {};
  }
};

export async function routeBridge(page: Page): Promise<BridgeHold> {
  const holding = new Set<string>();
  const waiting: (() => void)[] = [];
  await page.routeWebSocket((url) => url.pathname === BRIDGE_PATH, (route) => {
    const server = route.connectToServer();
    const channelOf = new Map<number, string>();
    route.onMessage((message) => {
      const frame = frameOf(message);
      if (frame.type === 'request' && typeof frame.id === 'number' && typeof frame.channel === 'string') channelOf.set(frame.id, frame.channel);
      server.send(message);
    });
    server.onMessage((message) => {
      const frame = frameOf(message);
      const channel = frame.type === 'reply' && typeof frame.id === 'number' ? channelOf.get(frame.id) : undefined;
      if (channel !== undefined && holding.has(channel)) waiting.push(() => route.send(message));
      else route.send(message);
    });
  });
  await page.reload();
  return {
    hold: (channel) => void holding.add(channel),
    held: () => waiting.length,
    release() {
      holding.clear();
      for (const send of waiting.splice(0)) send();
    },
  };
}
