// A picked date and time said back in the agent's language, whatever locale Chromium draws the picker in.
import { describe, expect, it } from 'vitest';
import { dateTimeSaid, platformDateTime } from '../../renderer/src/local-date-time';

describe('a picked date and time, said back', () => {
  const now = new Date(2026, 10, 27, 19, 0);

  it('spells the day out in Spanish and in English, so 06/12 cannot pass for June when she meant December', () => {
    expect(dateTimeSaid('2026-12-06T10:30', 'es', now)).toEqual({ text: 'domingo, 6 de diciembre de 2026, 10:30', past: false });
    expect(dateTimeSaid('2026-06-12T10:30', 'en', now)).toEqual({ text: 'Friday, June 12, 2026 at 10:30 AM', past: true });
  });

  it('keeps the seconds a dialer record asks for, and says when the moment has passed', () => {
    expect(dateTimeSaid('2026-11-27T18:59:30', 'es', now)).toEqual({ text: 'viernes, 27 de noviembre de 2026, 18:59:30', past: true });
  });

  it('says nothing of an empty or half-typed value', () => {
    expect(dateTimeSaid('', 'es', now)).toBeNull();
    expect(dateTimeSaid('2026-12-06', 'es', now)).toBeNull();
    expect(dateTimeSaid('2026-13-45T10:30', 'es', now)).toBeNull();
  });

  it('gives the platform its format', () => {
    expect(platformDateTime('2026-12-06T10:30')).toBe('2026-12-06 10:30:00');
    expect(platformDateTime('2026-12-06T10:30:15')).toBe('2026-12-06 10:30:15');
    expect(platformDateTime('06/12/2026 10:30')).toBeNull();
  });
});
