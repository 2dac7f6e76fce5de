import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { rendererLogSchema } from '../../../common/ipc/workstation';
import { createLogger, createRendererLogForwarder, type LogSink, type RendererLog } from '../../../main/services/logging';

function setup(maxPerWindow: number) {
  const lines: string[] = [];
  const sink: LogSink = { write: (line) => void lines.push(line) };
  let clock = 0;
  const logger = createLogger({ sinks: [sink], level: 'debug', now: () => new Date(Date.UTC(2026, 10, 21, 8, 0, 0, clock)) });
  const forward = createRendererLogForwarder(logger, { maxPerWindow, windowMs: 10_000, now: () => clock });
  return { lines, forward, advance: (ms: number) => (clock += ms) };
}

describe('createRendererLogForwarder', () => {
  it('logs renderer records under the renderer scope, redacted', () => {
    const t = setup(10);
    t.forward(rendererLogSchema.parse({ level: 'error', message: 'register failed', fields: { authorizationHa1: 'abcd', code: 403 } }));
    t.forward({ level: 'debug', message: 'sip: Authorization: Digest username="1001", response="x"' });
    expect(t.lines).toEqual([
      '2026-11-21T08:00:00.000Z [error] (renderer) register failed {"authorizationHa1":"[redacted]","code":403}',
      '2026-11-21T08:00:00.000Z [debug] (renderer) sip: Authorization: [redacted]',
    ]);
  });

  it('accepts at most maxPerWindow records per window and reports how many it dropped', () => {
    const t = setup(3);
    for (let i = 0; i < 10; i += 1) t.forward({ level: 'info', message: `flood ${i}` });
    expect(t.lines).toHaveLength(3);
    t.advance(10_000);
    t.forward({ level: 'info', message: 'after' });
    expect(t.lines.slice(3)).toEqual([
      '2026-11-21T08:00:10.000Z [warn] (main) Dropped 7 renderer log records: more than 3 arrived within 10 s.',
      '2026-11-21T08:00:10.000Z [info] (renderer) after',
    ]);
  });

  it('takes exactly what the contract schema produces', () => {
    expectTypeOf<z.infer<typeof rendererLogSchema>>().toExtend<RendererLog>();
  });

  it('refuses malformed records at the contract (level, size, extra keys)', () => {
    expect(rendererLogSchema.safeParse({ level: 'fatal', message: 'x' }).success).toBe(false);
    expect(rendererLogSchema.safeParse({ level: 'info', message: 'x'.repeat(9000) }).success).toBe(false);
    expect(rendererLogSchema.safeParse({ level: 'info', message: 'x', extra: 1 }).success).toBe(false);
  });
});
