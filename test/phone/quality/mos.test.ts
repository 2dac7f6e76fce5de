import { describe, expect, it } from 'vitest';
import { estimateMos, mosFromR, rFactor } from '../../../renderer/src/phone/quality/mos';

describe('E-model MOS', () => {
  it('gives G.711 on a clean loopback about 4.4', () => {
    expect(rFactor({ rttMs: 0, jitterMs: 0, lossPercent: 0 })).toBeCloseTo(92.95, 2);
    // 1 + 0.035·92.95 + 7e-6·92.95·32.95·7.05 = 4.404
    expect(estimateMos({ rttMs: 0, jitterMs: 0, lossPercent: 0 })).toBe(4.4);
  });

  it('falls with loss, jitter and delay', () => {
    const clean = estimateMos({ rttMs: 40, jitterMs: 5, lossPercent: 0 });
    const lossy = estimateMos({ rttMs: 40, jitterMs: 5, lossPercent: 5 });
    const jittery = estimateMos({ rttMs: 40, jitterMs: 60, lossPercent: 0 });
    const far = estimateMos({ rttMs: 600, jitterMs: 5, lossPercent: 0 });
    expect(lossy).toBeLessThan(clean);
    expect(jittery).toBeLessThan(clean);
    expect(far).toBeLessThan(clean);
    // 5 % loss with PLC: Ie = 95·5/30.1 ≈ 15.8 → R ≈ 76.5 → MOS ≈ 3.87
    expect(lossy).toBeCloseTo(3.87, 1);
  });

  it('stays within 1 … 4.5', () => {
    expect(mosFromR(-20)).toBe(1);
    expect(mosFromR(120)).toBe(4.5);
    expect(estimateMos({ rttMs: 5000, jitterMs: 500, lossPercent: 100 })).toBe(1);
  });
});
