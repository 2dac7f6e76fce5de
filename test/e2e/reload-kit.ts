// Steps of the reload tests (issue 24), shared by test/e2e/reload-call.test.ts
// and bench/reload.ts: a call with audio both ways, whether the customer hears
// the agent now, and a reload measured at both ends.
import { callWithAudio, pageLevel, simCall } from './calls-kit';
import type { E2EApp } from './harness';

export { callWithAudio };

const customerPackets = async (app: E2EApp, guid: string): Promise<number> => (await simCall(app, guid)).levels?.customerReceived.packets ?? 0;

/** Whether the customer hears the agent now: packets keep arriving over 300 ms, with sound in the last second of them. */
export async function customerHearsAgent(app: E2EApp, guid: string): Promise<boolean> {
  const before = await customerPackets(app, guid);
  await new Promise((r) => setTimeout(r, 300));
  const after = await simCall(app, guid);
  return (after.levels?.customerReceived.packets ?? 0) > before + 5 && (after.levels?.customerReceived.rms ?? 0) > 0.005;
}

/** How long after a reload the page was back: its phone online, and (with a call) audio flowing both ways. */
export interface ReloadTimes {
  /** Load event → the header says online (the phone registered). */
  online: number;
  /** Load event → audio both ways (0 without a call). */
  fromLoad: number;
  /** Online → audio both ways (0 when audio came back first; 0 without a call). */
  fromOnline: number;
}

/**
 * Reloads the page and measures, polling every 50 ms: the customer hears the
 * new page (RTP packets from it reach the simulator's customer: the old
 * page's peer connection is gone, so any packet after the reload is the new
 * page's) and the page hears the customer (its received level). `guid` null:
 * a reload without a call (only the phone coming online is measured).
 */
export async function reloadAndMeasure(app: E2EApp, guid: string | null): Promise<ReloadTimes> {
  const { page } = app;
  const before = guid ? await customerPackets(app, guid) : 0;
  await page.reload();
  const loadedAt = Date.now();
  let onlineAt = 0;
  let customerAt = guid ? 0 : loadedAt;
  let pageAt = guid ? 0 : loadedAt;
  const deadline = loadedAt + 15_000;
  while ((!customerAt || !pageAt || !onlineAt) && Date.now() < deadline) {
    const [online, level, call] = await Promise.all([
      page.locator('[data-testid=connection][data-state=online]').count(),
      guid ? pageLevel(page).catch(() => 0) : Promise.resolve(0),
      guid ? simCall(app, guid) : Promise.resolve(null),
    ]);
    const now = Date.now();
    const received = call?.levels?.customerReceived;
    if (!onlineAt && online > 0) onlineAt = now;
    if (!pageAt && level > 0.01) pageAt = now;
    if (!customerAt && received && received.packets > before + 3 && Date.parse(received.lastPacketAt ?? '') > loadedAt) customerAt = now;
    await new Promise((r) => setTimeout(r, 50));
  }
  if (!customerAt || !pageAt || !onlineAt) throw new Error(`the page was not back within 15 s of the reload (customer hears ${customerAt > 0}, page hears ${pageAt > 0}, online ${onlineAt > 0})`);
  if (!guid) return { online: onlineAt - loadedAt, fromLoad: 0, fromOnline: 0 };
  const both = Math.max(customerAt, pageAt);
  return { online: onlineAt - loadedAt, fromLoad: both - loadedAt, fromOnline: Math.max(0, both - onlineAt) };
}
