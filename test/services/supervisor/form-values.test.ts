import { describe, expect, it } from 'vitest';
import { parseTypedAgents } from '../../../renderer/src/supervisor/form-values';
import { platformDateTime } from '../../../renderer/src/local-date-time';

describe('supervisor form values', () => {
  it('turns a datetime-local value into the platform date-time', () => {
    expect(platformDateTime('2026-11-21T09:05')).toBe('2026-11-21 09:05:00');
    expect(platformDateTime('2026-11-21T09:05:30')).toBe('2026-11-21 09:05:30');
    expect(platformDateTime('')).toBeNull();
    expect(platformDateTime('21/11/2026 09:05')).toBeNull();
  });

  it('reads typed user,phone lines and names the first bad line', () => {
    expect(parseTypedAgents('ana.garcia,1001\n\n bruno.diaz ; 1002 ')).toEqual({
      agents: [{ membername: 'ana.garcia', phone: '1001' }, { membername: 'bruno.diaz', phone: '1002' }],
      badLine: null,
    });
    expect(parseTypedAgents('ana.garcia,1001\nbruno.diaz\ncarla,1003').badLine).toBe(2);
    expect(parseTypedAgents('ana,SIP/1001').badLine).toBe(1);
  });
});
