// The English of the phone's own refusals and failures (PhoneError's
// `message`, a call's `detail`: what logs and tests read), from the phone's
// table only (~6 kB): the page loads the full tables of just the language it
// shows (issue 23). A key outside the phone's table reads as the key.
import { speakIn, type Say } from '../../../common/i18n/dictionary';
import { phoneEn } from '../../../common/i18n/phone-en';

export function phoneEnglish(say: Say): string {
  return speakIn(phoneEn, say) ?? say.key;
}
