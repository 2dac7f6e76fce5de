// Pure pieces of the calls UI: the disposition form's request, the choices a
// campaign gets, the call timer's text and the manual-campaign pick.
import { describe, expect, it } from 'vitest';
import { DISPOSITION_KEYS } from '../../../common/domain/disposition';
import { dispositionRequestSchema } from '../../../common/ipc-contract';
import { formatDuration } from '../../../renderer/src/agent/duration';
import { choicesFor, dispositionRequest, EMPTY_FIELDS } from '../../../renderer/src/agent/disposition-values';
import { platformDateTime } from '../../../renderer/src/local-date-time';
import { pickCampaign } from '../../../main/services/calls';

const wrap = { key: 'c1', guid: 'g-1', campaign: 'Manual->', caller: '099123456' };

describe('disposition form values', () => {
  it('builds every Call Disposition field but the agent (main adds it), trimmed, without a callback', () => {
    const check = dispositionRequest(wrap, { ...EMPTY_FIELDS, l1: ' Contactado ', l2: 'Interesado', comment: ' dice  ', callbackAt: '2030-01-01T10:00', callbackDialer: 'Encuestas->' });
    expect(check).toEqual({
      ok: true,
      request: { guid: 'g-1', campaign: 'Manual->', callerid: '099123456', l1: 'Contactado', l2: 'Interesado', l3: '', d1: '', d2: '', comment: ' dice  ', tag: '', schedule: '', camptoreschedule: '' },
    });
    if (check.ok) {
      expect(dispositionRequestSchema.safeParse(check.request).success).toBe(true);
      expect(Object.keys(check.request).sort()).toEqual(DISPOSITION_KEYS.filter((k) => k !== 'agent').sort());
    }
  });

  it('a callback carries the platform date-time and the dialer; a callback without a time, an empty L1 or no GUID is refused', () => {
    const check = dispositionRequest(wrap, { ...EMPTY_FIELDS, l1: 'Volver a llamar', callback: true, callbackAt: '2030-05-06T10:30', callbackDialer: ' Encuestas-> ' });
    expect(check.ok && check.request).toMatchObject({ schedule: '2030-05-06 10:30:00', camptoreschedule: 'Encuestas->' });
    expect(dispositionRequest(wrap, { ...EMPTY_FIELDS, l1: 'x', callback: true })).toEqual({ ok: false, field: 'callbackAt' });
    expect(dispositionRequest(wrap, { ...EMPTY_FIELDS, l1: '   ' })).toEqual({ ok: false, field: 'l1' });
    expect(dispositionRequest({ ...wrap, guid: null }, { ...EMPTY_FIELDS, l1: 'x' })).toEqual({ ok: false, field: 'guid' });
  });

  it('reads datetime-local values with or without seconds and nothing else', () => {
    expect(platformDateTime('2030-05-06T10:30')).toBe('2030-05-06 10:30:00');
    expect(platformDateTime('2030-05-06T10:30:15')).toBe('2030-05-06 10:30:15');
    expect(platformDateTime('06/05/2030 10:30')).toBeNull();
    expect(platformDateTime('')).toBeNull();
  });

  it("gives a campaign its own choices, else the '*' ones, else none", () => {
    const all = { '*': { l1: ['A'], l2: [], l3: [] }, 'Manual->': { l1: ['M'], l2: ['m2'], l3: [] } };
    expect(choicesFor(all, 'Manual->').l1).toEqual(['M']);
    expect(choicesFor(all, 'Otra->').l1).toEqual(['A']);
    expect(choicesFor(undefined, 'Manual->')).toEqual({ l1: [], l2: [], l3: [] });
  });
});

describe('call timer and campaign pick', () => {
  it('shows mm:ss, then h:mm:ss past an hour', () => {
    expect([0, 999, 61_000, 3_599_000, 3_600_000, 3_725_000, -5].map(formatDuration)).toEqual(['00:00', '00:00', '01:01', '59:59', '1:00:00', '1:02:05', '00:00']);
  });

  it('keeps the remembered campaign while offered, else a "manual" one, else the first', () => {
    const offered = [{ name: 'Ventas->', did: '1' }, { name: 'Manual->', did: '2' }];
    expect(pickCampaign(offered, 'Ventas->')).toBe('Ventas->');
    expect(pickCampaign(offered, 'Gone->')).toBe('Manual->');
    expect(pickCampaign([{ name: 'Ventas->', did: '1' }], null)).toBe('Ventas->');
    expect(pickCampaign([], 'Manual->')).toBeNull();
  });
});
