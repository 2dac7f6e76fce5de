// Global shortcut strings (Electron accelerators, e.g. `CommandOrControl+Alt+A`)
// checked before they reach `globalShortcut.register`, which only says
// "false". Pure.
//
// A global shortcut works in every application, so it must not swallow normal
// typing: it needs a modifier other than Shift, unless it is a function or
// media key.

import { english } from '../../common/i18n/say';

export type AcceleratorProblem = 'empty' | 'unknown-modifier' | 'unknown-key' | 'duplicate-modifier' | 'needs-modifier' | 'no-key';

export type AcceleratorResult =
  | { readonly ok: true; readonly accelerator: string }
  | { readonly ok: false; readonly problem: AcceleratorProblem; readonly message: string };

/** Accepted spellings → the canonical name, in the order canonical accelerators list them. */
const MODIFIERS: ReadonlyMap<string, string> = new Map([
  ['commandorcontrol', 'CommandOrControl'],
  ['cmdorctrl', 'CommandOrControl'],
  ['command', 'Command'],
  ['cmd', 'Command'],
  ['control', 'Control'],
  ['ctrl', 'Control'],
  ['alt', 'Alt'],
  ['option', 'Alt'],
  ['altgr', 'AltGr'],
  ['super', 'Super'],
  ['meta', 'Super'],
  ['shift', 'Shift'],
]);
const MODIFIER_ORDER = ['CommandOrControl', 'Command', 'Control', 'Alt', 'AltGr', 'Super', 'Shift'];

const NAMED_KEYS = [
  'Plus', 'Space', 'Tab', 'Capslock', 'Numlock', 'Scrolllock', 'Backspace', 'Delete', 'Insert', 'Return',
  'Up', 'Down', 'Left', 'Right', 'Home', 'End', 'PageUp', 'PageDown', 'Escape', 'PrintScreen',
  'num0', 'num1', 'num2', 'num3', 'num4', 'num5', 'num6', 'num7', 'num8', 'num9',
  'numdec', 'numadd', 'numsub', 'nummult', 'numdiv',
];
const MEDIA_KEYS = ['VolumeUp', 'VolumeDown', 'VolumeMute', 'MediaNextTrack', 'MediaPreviousTrack', 'MediaStop', 'MediaPlayPause'];
const KEY_ALIASES: ReadonlyMap<string, string> = new Map([
  ['enter', 'Return'],
  ['esc', 'Escape'],
  ...[...NAMED_KEYS, ...MEDIA_KEYS].map((key): [string, string] => [key.toLowerCase(), key]),
]);
const PUNCTUATION = new Set([...')!@#$%^&*(:;:<_>?~{|}"=,-./`[\\]\'']);

/** The same sentences as message keys, for the settings screen in the user's language. */
export const ACCELERATOR_PROBLEM_KEY = {
  empty: 'workstation.shortcut.problem.empty',
  'unknown-modifier': 'workstation.shortcut.problem.unknownModifier',
  'unknown-key': 'workstation.shortcut.problem.unknownKey',
  'duplicate-modifier': 'workstation.shortcut.problem.duplicateModifier',
  'needs-modifier': 'workstation.shortcut.problem.needsModifier',
  'no-key': 'workstation.shortcut.problem.noKey',
} as const satisfies Record<AcceleratorProblem, string>;

/** Checks and canonicalises an accelerator string. */
export function parseAccelerator(text: string): AcceleratorResult {
  const trimmed = text.trim();
  if (trimmed === '') return fail('empty');
  const parts = trimmed.split('+').map((part) => part.trim());
  if (parts.some((part) => part === '')) return fail('unknown-key');

  const last = parts.at(-1) ?? '';
  if (MODIFIERS.has(last.toLowerCase())) return fail('no-key');
  const key = canonicalKey(last);
  if (!key) return fail('unknown-key');

  const modifiers: string[] = [];
  for (const part of parts.slice(0, -1)) {
    const modifier = MODIFIERS.get(part.toLowerCase());
    if (!modifier) return fail('unknown-modifier');
    if (modifiers.includes(modifier)) return fail('duplicate-modifier');
    modifiers.push(modifier);
  }
  const standsAlone = /^F([1-9]|1\d|2[0-4])$/u.test(key) || MEDIA_KEYS.includes(key);
  if (!standsAlone && !modifiers.some((modifier) => modifier !== 'Shift')) return fail('needs-modifier');

  modifiers.sort((a, b) => MODIFIER_ORDER.indexOf(a) - MODIFIER_ORDER.indexOf(b));
  return { ok: true, accelerator: [...modifiers, key].join('+') };
}

function canonicalKey(key: string): string | undefined {
  if (/^[a-z0-9]$/iu.test(key)) return key.toUpperCase();
  if (/^f([1-9]|1\d|2[0-4])$/iu.test(key)) return key.toUpperCase();
  if (PUNCTUATION.has(key)) return key;
  return KEY_ALIASES.get(key.toLowerCase());
}

function fail(problem: AcceleratorProblem): AcceleratorResult {
  return { ok: false, problem, message: english({ key: ACCELERATOR_PROBLEM_KEY[problem], params: {} }) };
}
