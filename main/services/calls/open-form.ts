// Opens a call's campaign form outside the app: the address is built from
// IT's template (setting or policy) with the call's values percent-encoded,
// checked (https, the template's host) in main, then opened by the system's
// browser in Electron; in browser mode the page opens the checked address in
// a new tab (it has no other way out).
import type { OpenFormReply, OpenFormRequest } from '../../../common/ipc-contract';
import { buildFormUrl } from '../../../common/domain/form-url';
import { spokenFailure } from '../spoken-failure';

export interface FormOpenerDeps {
  readonly template: () => string;
  readonly agent: () => string | null;
  /** Electron's shell.openExternal; absent in browser mode. */
  readonly openExternal?: (url: string) => Promise<void>;
}

export async function openForm(deps: FormOpenerDeps, request: OpenFormRequest): Promise<OpenFormReply> {
  const agent = deps.agent();
  if (!agent) throw spokenFailure('not-signed-in', 'calls.err.signInFirst');
  const template = deps.template();
  if (!template) throw spokenFailure('invalid-request', 'shift.err.noFormAddress');
  const built = buildFormUrl(template, { ...request, agent });
  // A value of the call (CTI, caller) that would climb the template's path: the call's data, not IT's address, is at fault.
  if (!built.ok && built.problem === 'path-changed') throw spokenFailure('invalid-request', 'shift.err.formValueRefused');
  if (!built.ok) throw spokenFailure('invalid-request', 'shift.err.badFormAddress', { problem: built.problem });
  if (!deps.openExternal) return { url: built.url, opened: false };
  await deps.openExternal(built.url);
  return { url: built.url, opened: true };
}
