// The app's main as the benches run it: `npm start -- --browser --no-open`
// in its own Node process, pointed at a simulator process, resolved once it
// printed its ready line (the page's address, with its one-time code).
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { spawnTs, type SimulatorProcess } from './spawn-simulator';

export interface BrowserHostChild {
  child: ChildProcess;
  url: string;
  stop(): void;
}

export async function spawnBrowserHost(sim: SimulatorProcess, dataDir: string, nodeArgs: readonly string[] = []): Promise<BrowserHostChild> {
  const sipWs = (sim.ready['sip'] as { ws?: string } | undefined)?.ws;
  if (!sipWs) throw new Error('the simulator offers no SIP WebSocket');
  const child = spawnTs('main/start.ts', ['--browser', '--no-open', '--instance', sim.ready.baseUrl, '--sip-url', sipWs, '--data-dir', dataDir], { nodeArgs });
  if (!child.stdout) throw new Error('the browser host has no stdout');
  const lines = createInterface({ input: child.stdout });
  const timer = setTimeout(() => lines.close(), 60_000);
  try {
    for await (const line of lines) {
      if (!line.startsWith('{')) continue;
      const ready = JSON.parse(line) as { event?: string; url?: string };
      if (ready.event === 'ready' && ready.url) {
        // Keep draining its output so it never blocks on a full pipe.
        child.stdout?.resume();
        return { child, url: ready.url, stop: () => void child.kill('SIGTERM') };
      }
    }
  } finally {
    clearTimeout(timer);
  }
  child.kill('SIGKILL');
  throw new Error('the browser host printed no ready line within 60 s');
}
