// npm start's first minutes: the launcher lets WebRTC use loopback only for
// the built-in simulator, and the banner says when the first demo call rings
// and how the supervisor signs in.
import { describe, expect, it } from 'vitest';
import { browserArguments } from '../../main/browser-host/open-browser';
import { mediaSwitches } from '../../main/browser-host/loopback-media';
import { demoBanner } from '../../main/start-banner';

describe('the browser launcher', () => {
  it('passes --allow-loopback-in-peer-connection for the built-in simulator', () => {
    const args = browserArguments('http://127.0.0.1:5000/#code=x', '/tmp/profile', { builtInSimulator: true });
    expect(args).toContain('--allow-loopback-in-peer-connection');
    expect(args).toContain('--app=http://127.0.0.1:5000/#code=x');
  });

  it('leaves it out for a real instance', () => {
    const args = browserArguments('http://127.0.0.1:5000/#code=x', '/tmp/profile', { builtInSimulator: false });
    expect(args.some((arg) => arg.includes('loopback'))).toBe(false);
    expect(mediaSwitches(false)).toEqual([]);
  });
});

describe("npm start's banner", () => {
  const startedAt = new Date(2026, 10, 23, 9, 59, 50);
  const demo = { agent: { agent: 'ana.garcia' }, supervisor: { user: 'supervisor', password: 'Superv1sor-sim' } };

  it('says when the first demo call rings, and gives both roles their demo credentials', () => {
    const lines = demoBanner({ startedAt, demoCalls: { count: 5, firstDelayMs: 20_000, everyMs: 60_000 }, ...demo }).join('\n');
    expect(lines).toContain('the first rings at 10:00:10 (in ~20 s)');
    expect(lines).toContain('then every minute, 5 calls in all');
    expect(lines).toContain('Agent: ana.garcia');
    expect(lines).toContain('API user supervisor, password Superv1sor-sim');
  });

  it('says nothing about demo calls with --no-demo-calls', () => {
    const lines = demoBanner({ startedAt, demoCalls: null, ...demo }).join('\n');
    expect(lines).not.toContain('Demo calls');
    expect(lines).toContain('Supervisor:');
  });
});
