// The page's tables, one language at a time (issue 23): each loads on demand
// and is the same table main uses; the phone's English (from its own table)
// reads as main's English for every phone message; the log's English loads
// the English table when asked.
import { describe, expect, it } from 'vitest';
import { en } from '../../common/i18n/en';
import { es } from '../../common/i18n/es';
import { phoneEn } from '../../common/i18n/phone-en';
import { speakIn, translateIn } from '../../common/i18n/dictionary';
import { english, speak } from '../../common/i18n/say';
import { englishForLog, loadDictionary } from '../../renderer/src/dictionaries';
import { phoneEnglish } from '../../renderer/src/phone/phone-english';

describe('loadDictionary', () => {
  it('loads each language as main knows it, once', async () => {
    expect(await loadDictionary('es')).toBe(es);
    expect(await loadDictionary('en')).toBe(en);
    expect(loadDictionary('es')).toBe(loadDictionary('es'));
  });

  it('speaks the log in English whatever the page shows', async () => {
    const say = { key: 'phone.outgoing.failed', params: { target: '1002' }, cause: { key: 'phone.err.noCall', params: {} } };
    expect(await englishForLog(say)).toBe(english(say));
    expect(await englishForLog({ key: 'no.such.key', params: {} })).toBe('no.such.key');
  });
});

describe('phoneEnglish', () => {
  it.each(Object.keys(phoneEn))('%s reads as main\'s English', (key) => {
    const say = { key, params: { detail: 'D', status: '503 Busy', target: '1002' } };
    expect(phoneEnglish(say)).toBe(english(say));
  });

  it('reads a key outside the phone\'s table as the key', () => {
    expect(phoneEnglish({ key: 'signIn.heading', params: {} })).toBe('signIn.heading');
  });
});

describe('speakIn', () => {
  it('is say.ts\'s speak with the table given', () => {
    const say = { key: 'first.err.noReply', params: { request: 'calls.makeCall', seconds: '40' } };
    expect(speakIn(es, say)).toBe(speak('es', say));
    expect(translateIn(en, 'header.extension', { extension: '7' })).toBe('Ext. 7');
  });
});
