// Readable campaign/dialer fields: days and hours, yes/no, and a value in an
// unknown format shown raw and flagged rather than dropped.
import { describe, expect, it } from 'vitest';
import { translate } from '../../../common/i18n';
import { directionText, readableDays, scheduleText, yesNoText, type Translate } from '../../../renderer/src/supervisor/format-fields';

const en: Translate = (key, params) => translate('en', key, params);
const es: Translate = (key, params) => translate('es', key, params);

describe('format-fields', () => {
  it('writes day lists as ranges in the UI language, and keeps an unknown notation as written', () => {
    expect(readableDays('mon,tue,wed,thu,fri', 'en')).toBe('Mon–Fri');
    expect(readableDays('mon,wed,fri', 'es')).toBe('lun, mié, vie');
    expect(readableDays('sat,sun', 'en')).toBe('Sat, Sun');
    expect(readableDays('mon,tue,wed,sat', 'es')).toBe('lun–mié, sáb');
    expect(readableDays('L-V', 'en')).toBe('L-V');
  });

  it('shows a schedule with days and hours; an unknown format raw and flagged; empty as a dash', () => {
    expect(scheduleText({ raw: 'mon,tue,wed;09:00-18:00', parsed: { days: 'mon,tue,wed', from: '09:00', to: '18:00' }, known: true }, en, 'en')).toEqual({ text: 'Mon–Wed, 09:00–18:00', unknown: false });
    expect(scheduleText({ raw: 'siempre', parsed: null, known: false }, es, 'es')).toEqual({ text: 'siempre', unknown: true });
    expect(scheduleText({ raw: '', parsed: null, known: true }, en, 'en')).toEqual({ text: '—', unknown: false });
  });

  it('names the direction and reads 1/0 flags as yes/no', () => {
    expect(directionText({ raw: 'Soporte<-', parsed: { direction: 'inbound', baseName: 'Soporte' }, known: true }, es).text).toBe('Entrante');
    expect(yesNoText({ auto_answer: '1' }, 'auto_answer', en).text).toBe('yes');
    expect(yesNoText({ autoanswer: 0 }, 'autoanswer', es).text).toBe('no');
    expect(yesNoText({}, 'auto_answer', en).text).toBe('—');
  });
});
