import { describe, expect, it } from 'vitest';
import {
  formatted,
  parseDialstring,
  parseDirection,
  parseForm,
  parseRecycle,
  parseSchedule,
  parseSchedulePhones,
  parseThresholds,
  parseVariables,
} from '../../../common/domain';

describe('campaign field formats', () => {
  it('reads the direction suffix and flags a name without one', () => {
    expect(parseDirection('Cobranzas->')).toEqual({ raw: 'Cobranzas->', parsed: { direction: 'outbound', baseName: 'Cobranzas' }, known: true });
    expect(parseDirection('Soporte<-').parsed?.direction).toBe('inbound');
    expect(parseDirection('Plain')).toEqual({ raw: 'Plain', parsed: null, known: false });
  });

  it('reads a schedule and keeps an unknown one raw', () => {
    expect(formatted('mon,tue;08:00-20:00', parseSchedule)).toEqual({
      raw: 'mon,tue;08:00-20:00', parsed: { days: 'mon,tue', from: '08:00', to: '20:00' }, known: true,
    });
    expect(formatted('always', parseSchedule)).toEqual({ raw: 'always', parsed: null, known: false });
    expect(formatted('1-5;25:00-26:00', parseSchedule).known).toBe(false);
  });

  it('reads thresholds, form and dialstring', () => {
    expect(parseThresholds('20-40-60')).toEqual([20, 40, 60]);
    expect(parseThresholds('20--60')).toBeUndefined();
    expect(parseForm('soporteForm|true')).toEqual({ name: 'soporteForm', flag: true });
    expect(parseForm('x|FALSE')).toEqual({ name: 'x', flag: false });
    expect(parseForm('x|maybe')).toBeUndefined();
    expect(parseDialstring('SIP/troncal1/26002000')).toEqual({ tech: 'SIP', trunk: 'troncal1', number: '26002000' });
    expect(parseDialstring('troncal1/26002000')).toBeUndefined();
  });

  it('treats empty text as known and empty', () => {
    expect(formatted('', parseThresholds)).toEqual({ raw: '', parsed: null, known: true });
    expect(formatted(null, parseThresholds)).toEqual({ raw: '', parsed: null, known: true });
  });
});

describe('dialer field formats', () => {
  it('reads recycle JSON text and refuses non-arrays', () => {
    expect(parseRecycle('[{"status":"BUSY","minutes":30}]')).toEqual([{ status: 'BUSY', minutes: 30 }]);
    expect(parseRecycle('{"a":1}')).toBeUndefined();
    expect(parseRecycle('[1,')).toBeUndefined();
  });

  it('reads variables in order, values may hold "="', () => {
    expect(parseVariables('a=1:b=x=y')).toEqual([{ key: 'a', value: '1' }, { key: 'b', value: 'x=y' }]);
    expect(parseVariables('novalue')).toBeUndefined();
  });

  it('reads schedulephones', () => {
    expect(parseSchedulePhones('9=AB:14=C')).toEqual([{ hour: 9, letters: 'AB' }, { hour: 14, letters: 'C' }]);
    expect(parseSchedulePhones('25=A')).toBeUndefined();
  });
});
