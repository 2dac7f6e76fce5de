// Parsing SIP text with sip.js's own parser (RFC 3261 grammar), not regexes.
import { Core } from 'sip.js';

export type SipRequest = Core.IncomingRequestMessage;
export type SipResponse = Core.IncomingResponseMessage;
export type SipMessage = { kind: 'request'; request: SipRequest } | { kind: 'response'; response: SipResponse };

const loggerFactory = new Core.LoggerFactory();
// The parser logs malformed input at warn level; the simulator reports it itself.
loggerFactory.builtinEnabled = false;
const logger = loggerFactory.getLogger('sim.sip.parser');

/** Parses one SIP message (one WebSocket frame, RFC 7118); undefined when it is not SIP. */
export function parseSipMessage(text: string): SipMessage | undefined {
  const parsed = Core.Parser.parseMessage(text, logger);
  if (parsed instanceof Core.IncomingRequestMessage) return { kind: 'request', request: parsed };
  if (parsed instanceof Core.IncomingResponseMessage) return { kind: 'response', response: parsed };
  return undefined;
}

/** The URI of a name-addr header value such as `<sip:a@b;transport=ws>;expires=60`. */
export function headerUri(raw: string): Core.URI | undefined {
  return Core.Grammar.nameAddrHeaderParse(raw)?.uri;
}

/**
 * Builds a response to `request` (RFC 3261 §8.2.6): Via, From, To (+tag when
 * given), Call-ID and CSeq copied; extra header lines and a body appended.
 */
export function buildResponse(
  request: SipRequest,
  status: number,
  reason: string,
  options: { toTag?: string; headers?: string[]; body?: string; contentType?: string } = {},
): string {
  const lines = [`SIP/2.0 ${status} ${reason}`];
  for (const via of request.getHeaders('via')) lines.push(`Via: ${via}`);
  lines.push(`From: ${request.getHeader('from') ?? ''}`);
  const to = request.getHeader('to') ?? '';
  const needsTag = options.toTag !== undefined && !request.toTag;
  lines.push(`To: ${needsTag ? `${to};tag=${options.toTag}` : to}`);
  lines.push(`Call-ID: ${request.callId}`);
  lines.push(`CSeq: ${request.cseq} ${request.method}`);
  lines.push('Server: integra-simulator');
  for (const header of options.headers ?? []) lines.push(header);
  const body = options.body ?? '';
  if (body) lines.push(`Content-Type: ${options.contentType ?? 'application/sdp'}`);
  lines.push(`Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}
