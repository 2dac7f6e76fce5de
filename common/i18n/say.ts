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
  for (const [param, named] of Object.entries(NAMED_PARAMS)) {
    const ids = spoken.params[param];
    if (ids !== undefined) params[param] = namesOf(language, ids, named);
  }
  return translate(language, spoken.key, params);
}

/**
 * Parameters that carry ids (comma-separated), shown by each id's name `<prefix><id>` in the language.
 * With a `fallback` key an unknown id shows as that key's text (internal names never reach the page); without, as itself.
 */
const NAMED_PARAMS: Readonly<Record<string, { prefix: string; quoted: boolean; fallback?: MessageKey }>> = {
  operation: { prefix: 'op.', quoted: false },
  settings: { prefix: 'setting.', quoted: true },
  request: { prefix: 'request.', quoted: false, fallback: 'request.unknown' },
  label: { prefix: '', quoted: true, fallback: 'field.unknown' },
  fieldProblem: { prefix: 'ipc.problem.', quoted: false, fallback: 'ipc.problem.invalid' },
};

function namesOf(language: Language, ids: string, { prefix, quoted, fallback }: { prefix: string; quoted: boolean; fallback?: MessageKey }): string {
  return ids
    .split(',')
    .map((id) => {
      const key = `${prefix}${id}`;
      if (!isMessageKey(key)) return fallback === undefined ? id : translate(language, fallback);
      const name = translate(language, key);
      return quoted && key !== 'field.unknown' ? `"${name}"` : name;
    })
    .join(', ');
}

/** The English text of `spoken` (what main logs and puts in `message`); the key itself if unknown. */
export function english(spoken: Say): string {
  return speak('en', spoken) ?? spoken.key;
}
