// A page's clock (performance.timeOrigin + performance.now(), what the page
// entries stamp events with) against this process's Date.now(), the clock the
// in-process simulator writes into its records (lastPacketAt, startedAt). Both
// follow the same wall clock, but each process fixes its time origin when it
// starts, so they can disagree by a few ms; a bench that subtracts a page's
// time from the simulator's measures that offset first.
import type { Page } from 'playwright-core';

/** Milliseconds to add to a page's time to get this process's Date.now(): the median over `rounds` round trips, each ±RTT/2. */
export async function pageClockOffset(page: Page, rounds = 15): Promise<number> {
  const samples: { offset: number; rtt: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    const before = Date.now();
    const pageNow = await page.evaluate(() => performance.timeOrigin + performance.now());
    const after = Date.now();
    samples.push({ offset: (before + after) / 2 - pageNow, rtt: after - before });
  }
  // The quickest round trips say the most; of those, the median offset.
  const quick = samples.sort((a, b) => a.rtt - b.rtt).slice(0, Math.max(1, Math.ceil(rounds / 3)));
  const offsets = quick.map((s) => s.offset).sort((a, b) => a - b);
  return offsets[Math.floor(offsets.length / 2)] ?? 0;
}
