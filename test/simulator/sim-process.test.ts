// `npm run sim -- --port 0` prints one ready line and stops cleanly on SIGTERM
// (sent to its process group, as a terminal or a supervisor does).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';

interface Ready {
  event: string;
  baseUrl: string;
  control: { url: string; secret: string };
  credentials: { apiUser: { user: string; password: string } };
}

describe('npm run sim', () => {
  it('prints the ready line, answers, and stops on SIGTERM', async () => {
    const child = spawn('npm', ['run', '-s', 'sim', '--', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const group = -child.pid!;
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: child.stdout }).once('line', resolve);
        child.once('exit', (code) => reject(new Error(`the simulator exited early with ${code}: ${stderr}`)));
      });
      const ready = JSON.parse(line) as Ready;
      expect(ready.event).toBe('ready');
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.control.secret).toMatch(/^[0-9a-f]{32}$/);
      const res = await fetch(`${ready.baseUrl}/Integra/resources/auth/getUserToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(ready.credentials.apiUser).toString(),
      });
      expect(await res.text()).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      const exited = Promise.all([child.stdout, child.stderr].map((s) => new Promise<void>((resolve) => s.once('close', resolve))));
      process.kill(group, 'SIGTERM');
      await exited;
      expect(stderr).toContain('simulator: stopped on SIGTERM');
      await expect(fetch(ready.baseUrl)).rejects.toThrow();
    } finally {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
});
