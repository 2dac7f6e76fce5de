// `npm run sim -- --port 0` prints one ready line and stops cleanly on SIGTERM
// (sent to its process group, as a terminal or a supervisor does).
import { describe, expect, it } from 'vitest';
import { npmRunSim } from '../support/npm-run-sim';

interface Ready {
  event: string;
  baseUrl: string;
  control: { url: string; secret: string };
  credentials: { apiUser: { user: string; password: string } };
}

describe('npm run sim', () => {
  it('prints the ready line, answers, and stops on SIGTERM', async () => {
    const sim = await npmRunSim(['--port', '0']);
    try {
      const ready = sim.ready as Ready;
      expect(ready.event).toBe('ready');
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.control.secret).toMatch(/^[0-9a-f]{32}$/);
      const res = await fetch(`${ready.baseUrl}/Integra/resources/auth/getUserToken`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(ready.credentials.apiUser).toString(),
      });
      expect(await res.text()).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      await sim.terminate();
      expect(sim.stderr()).toContain('simulator: stopped on SIGTERM');
      await expect(fetch(ready.baseUrl)).rejects.toThrow();
    } finally {
      sim.kill();
    }
  });
});
