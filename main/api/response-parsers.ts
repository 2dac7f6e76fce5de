import type { z } from 'zod';
import { describeIssues } from '../../common/domain';
import { PlatformRefusedError, UnexpectedResponseError } from './errors';
import type { OperationId } from './operations';

// Response bodies → typed values or typed errors. Pure: each function returns
// the value or throws an IntegraError, nothing else (a property test checks).

const REFUSAL_HINTS: Record<OperationId, string> = {
  clientAuth: 'the user name or password is wrong, or the user may not use the API. Check the credentials',
  agentLogin: 'the agent name or password is wrong. Check the credentials',
  logout: 'the agent may not be logged in, or the session has ended. Sign in again if needed',
  hangup: 'that phone has no call to hang up, or the session has ended',
  dialerTask: 'the record was not queued (unknown campaign, or a field it did not accept). Check the campaign and the number',
  uploadBase: 'the list was not accepted (unknown campaign, or content that is not text). Check the campaign and export the file as CSV',
  disposition: 'the disposition was not saved (unknown call, campaign or agent). Check the values and try again',
  createAgent: 'the agent was not created; the phone number may already be in use. Choose another number',
  addQueueMember: 'the agents were not added; an agent or campaign may not exist. Check the names',
  makeCall: 'the call was not placed; check the campaign, its DID and that the agent is logged in',
  getCampaigns: 'the campaigns could not be listed; the session may have ended. Sign in again',
  getDialers: 'the dialers could not be listed; the session may have ended. Sign in again',
};

/** The body with surrounding whitespace (and a stray BOM) removed. */
export function cleanBody(body: string): string {
  return body.replace(/^\uFEFF/, '').trim();
}

/** Throws for the platform's refusal words and for bodies that cannot be an answer at all. */
function checkCommon(operation: OperationId, body: string): string {
  const text = cleanBody(body);
  if (text === '0' || /^error$/i.test(text)) throw new PlatformRefusedError(operation, text, REFUSAL_HINTS[operation]);
  if (text === '') throw new UnexpectedResponseError(operation, 'the body was empty');
  if (/^<(!doctype|html|\?xml|head|body)/i.test(text) || /^<[a-z!?]/i.test(text)) throw new UnexpectedResponseError(operation, 'an HTML/XML page came back (often a proxy or an error page)');
  return text;
}

function shortText(text: string): string {
  return text.length <= 40 ? JSON.stringify(text) : `text of ${text.length} characters`;
}

/** For operations that answer one word (`1`, `Success`, `OK`). */
export function parseSuccessWord(operation: OperationId, body: string, word: string): void {
  const text = checkCommon(operation, body);
  if (text.toLowerCase() !== word.toLowerCase()) {
    throw new UnexpectedResponseError(operation, `expected ${JSON.stringify(word)} but got ${shortText(text)}`);
  }
}

const TOKEN_RE = /^[A-Za-z0-9+/=._~:-]{4,4096}$/;

/** Client Authentication: the token as text. */
export function parseToken(operation: OperationId, body: string): string {
  const text = checkCommon(operation, body);
  if (!TOKEN_RE.test(text)) throw new UnexpectedResponseError(operation, 'the body does not look like a token (spaces, markup or unexpected characters)');
  return text;
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Make Call: the GUID of the call. */
export function parseGuid(operation: OperationId, body: string, pattern: RegExp = UUID_RE): string {
  const text = checkCommon(operation, body);
  if (!pattern.test(text)) throw new UnexpectedResponseError(operation, `the body is not a call GUID (got ${shortText(text)}; it may be cut short)`);
  return text;
}

/** JSON text validated by `schema`; a wrong field is named. */
export function parseJson<S extends z.ZodType>(operation: OperationId, body: string, schema: S, what: string): z.output<S> {
  const text = checkCommon(operation, body);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UnexpectedResponseError(operation, `the ${what} is not valid JSON (the answer may be cut short)`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new UnexpectedResponseError(operation, `the ${what} has an unexpected shape: ${describeIssues(result.error)}`);
  return result.data;
}
