// A refusal or failure of the phone, said by message key so the page shows it
// in the agent's language; `message` is its English (logs, tests).
import type { MessageKey } from '../../../common/i18n';
import type { Say } from '../../../common/i18n/say';
import { phoneEnglish } from './phone-english';

export class PhoneError extends Error {
  override readonly name = 'PhoneError';
  readonly say: Say;

  constructor(key: MessageKey, params: Record<string, string> = {}, options?: ErrorOptions) {
    const say = { key, params };
    super(phoneEnglish(say), options);
    this.say = say;
  }
}
