// An error text in either language: a message key, its parameters, and the
// cause it names, also as a key. Main builds one; the page speaks it in the
// user's language (main speaks it in English for the log and the `message`).
import { translate, type Language, type MessageKey } from './index';
import { en } from './en';

export interface Spoken {
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
}

export interface Say extends Spoken {
  readonly cause?: Spoken;
}

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

/** The text of `say` in `language`; undefined when a key is unknown (the caller falls back to its English message). */
export function speak(language: Language, say: Say): string | undefined {
  const cause = say.cause === undefined ? undefined : speakOne(language, say.cause);
  if (say.cause !== undefined && cause === undefined) return undefined;
  return speakOne(language, say, cause === undefined ? {} : { cause });
}

function speakOne(language: Language, spoken: Spoken, extra: Record<string, string> = {}): string | undefined {
  if (!isMessageKey(spoken.key)) return undefined;
  const params: Record<string, string> = { ...spoken.params, ...extra };
  const operation = spoken.params['operation'];
  if (operation !== undefined) {
    const title = `op.${operation}`;
    if (isMessageKey(title)) params['operation'] = translate(language, title);
  }
  const settings = spoken.params['settings'];
  if (settings !== undefined) params['settings'] = settingNames(language, settings.split(','));
  return translate(language, spoken.key, params);
}

/** Setting ids (param `settings`, comma-separated) as their quoted names; an unknown id as itself. */
function settingNames(language: Language, ids: readonly string[]): string {
  return ids
    .map((id) => {
      const name = `setting.${id}`;
      return `"${isMessageKey(name) ? translate(language, name) : id}"`;
    })
    .join(', ');
}

/** The English text of `spoken` (what main logs and puts in `message`); the key itself if unknown. */
export function english(spoken: Say): string {
  return speak('en', spoken) ?? spoken.key;
}
