// bench/transfer's agents: an app phone (the app's Phone in a Chromium page,
// call-page-entry.ts) registered on a SIP server, and what the bench reads
// of it, on this process's clock (page-clock.ts): when its call rang, was
// established and had audio both ways; and a blind transfer as the page
// stamps it (transfer-actions.ts).
import type { Page } from 'playwright-core';
import type { PhoneOptions } from '../../renderer/src/phone';
import type { CallPages } from './call-page';
import { pageClockOffset } from './page-clock';

export interface Agent {
  readonly extension: string;
  readonly page: Page;
  /** Add to a page time to get this process's Date.now(). */
  readonly offset: number;
}

export async function registerAgent(pages: CallPages, credentials: PhoneOptions['credentials']): Promise<Agent> {
  const page = await pages.open();
  await page.evaluate((o) => window.bench.start(o), { credentials } satisfies PhoneOptions);
  await page.waitForFunction(() => window.bench.registration() === 'registered', undefined, { timeout: 15_000 });
  return { extension: credentials.authorizationUsername, page, offset: await pageClockOffset(page) };
}

export interface Talking {
  ringing: number;
  established: number;
  audioBoth: number;
}

/** Waits until the agent's call has sent and received audio; its timings on this process's clock. */
export async function talking(agent: Agent): Promise<Talking> {
  await agent.page.waitForFunction(() => {
    const t = window.bench.timings();
    return t.firstAudioIn !== null && t.firstAudioOut !== null;
  }, undefined, { timeout: 15_000, polling: 10 });
  const t = await agent.page.evaluate(() => window.bench.timings());
  const at = (x: number | null): number => (x === null ? Number.NaN : x + agent.offset);
  return { ringing: at(t.invite), established: at(t.established), audioBoth: Math.max(at(t.firstAudioIn), at(t.firstAudioOut)) };
}

export interface BlindTransfer {
  /** The REFER left the transferring page (this process's clock). */
  referred: number;
  /** transfer() → REFER (the customer held first), ms. */
  holdMs: number;
  /** The platform's final NOTIFY 200 reached the page (this process's clock). */
  done: number;
}

/** `from` transfers its call to `to`'s extension, blind; throws unless the platform reported it done. */
export async function blindTransfer(from: Agent, to: Agent): Promise<BlindTransfer> {
  const transfer = await from.page.evaluate((ext) => window.benchTransfer.blind(ext), to.extension);
  if (transfer.result !== 'done' || transfer.requested === null || transfer.referSent === null) throw new Error(`the transfer ended ${transfer.result} (${transfer.failure ?? ''})`);
  return {
    referred: transfer.referSent + from.offset,
    holdMs: transfer.referSent - transfer.requested,
    done: (transfer.stages.done ?? Number.NaN) + from.offset,
  };
}

/** Hangs up whatever the agents still have (after a failed round: leave nothing up for the next). */
export async function hangUpAll(agents: readonly Agent[]): Promise<void> {
  for (const agent of agents) await agent.page.evaluate(() => window.bench.hangUp()).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 500));
}

/** Whether each page's call has ended. */
export async function ended(agents: readonly Agent[]): Promise<boolean> {
  const each = await Promise.all(agents.map((a) => a.page.evaluate(() => window.bench.timings().ended !== null)));
  return each.every(Boolean);
}
