// Texts looked up in ONE language's table given by the caller. No table is
// imported here: the page loads only the language it shows (issue 23) and
// speaks through these; main, holding both, goes through index.ts and say.ts.
import type { MessageKey } from './en';

/** One language's table: every key's text. */
export type Dictionary = Readonly<Record<MessageKey, string>>;

export interface Spoken {
  readonly key: string;
  readonly params: Readonly<Record<string, string>>;
}

export interface Say extends Spoken {
  readonly cause?: Spoken;
}

/** `text` with its `{name}` placeholders filled from `params` (unknown ones stay visible). */
export function fill(text: string, params: Readonly<Record<string, string>> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole);
}

/** The text of `key` in `dictionary`, filled. */
export function translateIn(dictionary: Dictionary, key: MessageKey, params: Readonly<Record<string, string>> = {}): string {
  return fill(dictionary[key], params);
}

/**
 * The text of `say` in `dictionary` (a whole language, or part of one: the
 * phone's own English); undefined when a key is not in it.
 */
export function speakIn(dictionary: Partial<Dictionary>, say: Say): string | undefined {
  const cause = say.cause === undefined ? undefined : speakOne(dictionary, say.cause);
  if (say.cause !== undefined && cause === undefined) return undefined;
  return speakOne(dictionary, say, cause === undefined ? {} : { cause });
}

function textOf(dictionary: Partial<Dictionary>, key: string): string | undefined {
  return Object.hasOwn(dictionary, key) ? dictionary[key as MessageKey] : undefined;
}

/**
 * A word of the language inside a parameter: `@` and its message key, said in the language the text is
 * spoken in, not the one it was made in (the shift-start check's steps are made once and read in either
 * language; the diagnostics file keeps them). Only keys of the check's and the call quality's words count,
 * so text a person or a peer wrote is never taken for one.
 */
export function wordOf(key: MessageKey): string {
  return `@${key}`;
}
const WORD = /@((?:check|quality)\.[A-Za-z0-9_.]+)/g;

function withWords(dictionary: Partial<Dictionary>, value: string): string {
  return value.replace(WORD, (whole, key: string) => textOf(dictionary, key) ?? whole);
}

function speakOne(dictionary: Partial<Dictionary>, spoken: Spoken, extra: Record<string, string> = {}): string | undefined {
  const text = textOf(dictionary, spoken.key);
  if (text === undefined) return undefined;
  const params: Record<string, string> = Object.fromEntries(Object.entries({ ...spoken.params, ...extra }).map(([name, value]) => [name, withWords(dictionary, value)]));
  for (const [param, named] of Object.entries(NAMED_PARAMS)) {
    const ids = spoken.params[param];
    if (ids !== undefined) params[param] = namesOf(dictionary, ids, named);
  }
  return fill(text, params);
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

function namesOf(dictionary: Partial<Dictionary>, ids: string, { prefix, quoted, fallback }: { prefix: string; quoted: boolean; fallback?: MessageKey }): string {
  return ids
    .split(',')
    .map((id) => {
      const key = `${prefix}${id}`;
      const name = textOf(dictionary, key);
      if (name === undefined) return fallback === undefined ? id : (textOf(dictionary, fallback) ?? id);
      return quoted && key !== 'field.unknown' ? `"${name}"` : name;
    })
    .join(', ');
}
