// The RTP-timeout rule (Asterisk rtp_timeout, not while held) and its setting.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rtpTimedOut, rtpTimeoutCause, watchRtpTimeout } from '../../../simulator/sip/rtp-timeout';
import { DEFAULT_RTP_TIMEOUT_MS, RtpTimeoutSetting } from '../../../simulator/sip/rtp-timeout-setting';

describe('rtpTimedOut', () => {
  const now = 100_000;

  it('times out once the last activity is a whole timeout old, not before', () => {
    expect(rtpTimedOut({ lastActivityAt: now - 30_000, held: false }, 30_000, now)).toBe(true);
    expect(rtpTimedOut({ lastActivityAt: now - 29_999, held: false }, 30_000, now)).toBe(false);
  });

  it('never times out a held call, a call without media yet, or with the timeout off (0)', () => {
    expect(rtpTimedOut({ lastActivityAt: now - 60_000, held: true }, 30_000, now)).toBe(false);
    expect(rtpTimedOut({ lastActivityAt: undefined, held: false }, 30_000, now)).toBe(false);
    expect(rtpTimedOut({ lastActivityAt: now - 60_000, held: false }, 0, now)).toBe(false);
  });

  it('says why in words', () => {
    expect(rtpTimeoutCause(30_000)).toBe('no media from the agent for 30 s (RTP timeout)');
    expect(rtpTimeoutCause(1_500)).toBe('no media from the agent for 1.5 s (RTP timeout)');
  });
});

describe('watchRtpTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reads the setting at every check, fires once with the timeout then in force, and stops looking', () => {
    vi.useFakeTimers();
    const setting = new RtpTimeoutSetting(0);
    const fired: number[] = [];
    const now = 50_000;
    const stop = watchRtpTimeout({ setting, activity: () => ({ lastActivityAt: 10_000, held: false }), onTimeout: (ms) => fired.push(ms), checkEveryMs: 250, now: () => now });
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([]);
    setting.set(1_000);
    vi.advanceTimersByTime(1_000);
    expect(fired).toEqual([1_000]);
    stop();
  });
});

describe('RtpTimeoutSetting', () => {
  it('defaults to 30 s, changes, and resets to the value it started with', () => {
    expect(new RtpTimeoutSetting().timeoutMs()).toBe(DEFAULT_RTP_TIMEOUT_MS);
    const setting = new RtpTimeoutSetting(2_000);
    setting.set(0);
    expect(setting.timeoutMs()).toBe(0);
    setting.reset();
    expect(setting.timeoutMs()).toBe(2_000);
  });

  it('refuses what is not a whole number of milliseconds from 0 to one hour', () => {
    expect(() => new RtpTimeoutSetting(-1)).toThrow(/rtpTimeoutMs must be a whole number/);
    expect(() => new RtpTimeoutSetting(3_600_001)).toThrow(RangeError);
    expect(() => new RtpTimeoutSetting(0.5)).toThrow(RangeError);
    const setting = new RtpTimeoutSetting();
    expect(() => setting.set(Number.NaN)).toThrow(RangeError);
    expect(setting.timeoutMs()).toBe(DEFAULT_RTP_TIMEOUT_MS);
  });
});
