// Kamailio's SIP trace (its sipdump module's text files) read back as
// messages, so a test can check what crossed the proxy and in which order,
// and a report can quote it. Only what the tests need: start line, a few
// headers, the body; the trace is the test's own Kamailio's, bounded by it.

export interface TracedMessage {
  /** `rcv`: Kamailio received it; `snd`: Kamailio sent it. */
  tag: 'rcv' | 'snd';
  /** `udp`, `ws`, `tls`, … */
  proto: string;
  /** Epoch seconds, as sipdump writes them. */
  time: number;
  /** e.g. `NOTIFY sip:…;transport=ws SIP/2.0` or `SIP/2.0 202 Accepted`. */
  startLine: string;
  callId: string;
  /** e.g. `2 REFER`. */
  cseq: string;
  /** Header values by lower-case name (the first of each). */
  headers: ReadonlyMap<string, string>;
  body: string;
}

const RECORD = '====================\n';
const META_END = '~~~~~~~~~~~~~~~~~~~~\n';
const MESSAGE_END = '||||||||||||||||||||';

/** Every SIP message in the trace (WebSocket handshakes and unreadable records left out), in trace order. */
export function readSipTrace(text: string): TracedMessage[] {
  const messages: TracedMessage[] = [];
  for (const record of text.split(RECORD)) {
    const [meta, rest] = splitOnce(record, META_END);
    if (rest === undefined) continue;
    const fields = new Map(meta.split('\n').flatMap((line) => (line.includes(': ') ? [splitOnce(line, ': ') as [string, string]] : [])));
    const [head, body = ''] = splitOnce(rest.split(MESSAGE_END)[0] ?? '', '\r\n\r\n');
    const [startLine = '', ...lines] = head.split('\r\n');
    if (!/SIP\/2\.0/.test(startLine)) continue;
    const headers = new Map<string, string>();
    for (const line of lines) {
      const [name, value] = splitOnce(line, ':');
      if (value !== undefined && !headers.has(name.trim().toLowerCase())) headers.set(name.trim().toLowerCase(), value.trim());
    }
    const tag = fields.get('tag');
    if (tag !== 'rcv' && tag !== 'snd') continue;
    messages.push({
      tag,
      proto: (fields.get('proto') ?? '').split(' ')[0] ?? '',
      time: Number(fields.get('time') ?? '0'),
      startLine,
      callId: headers.get('call-id') ?? '',
      cseq: headers.get('cseq') ?? '',
      headers,
      body,
    });
  }
  return messages;
}

/** One line per message, e.g. `snd ws  NOTIFY [SIP/2.0 200 OK] 12359 NOTIFY e659aa94`, for a report. */
export function describeTrace(messages: readonly TracedMessage[]): string {
  return messages
    .map((m) => {
      const what = m.startLine.startsWith('SIP/2.0') ? m.startLine.slice(8) : m.startLine.split(' ').slice(0, 2).join(' ');
      const frag = m.headers.get('content-type')?.startsWith('message/sipfrag') ? ` [${m.body.trim()}]` : '';
      return `${m.tag} ${m.proto.padEnd(3)} ${what}${frag} | ${m.cseq} | ${m.callId.slice(0, 8)}`;
    })
    .join('\n');
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}
