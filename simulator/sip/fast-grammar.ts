// sip.js's own SIP grammar, made cheap to call: its generated parser builds
// and decodes its whole bytecode table (~350 rules) inside every call of
// `parse`, and a REGISTER takes about ten calls (Via, From, To, Contact,
// CSeq, Call-ID …): measured 1.5–4 ms per REGISTER, most of it `peg$decode`,
// which made the simulator the bottleneck of a floor of 1,000 phones
// re-registering (docs/BENCHMARKS.md, issue 23). This loads the same generated
// file with that table moved to module scope, so it is decoded once, and
// points `Core.Grammar.parse` at it. Same grammar, same actions, same
// objects: a self-check compares both on sample input before switching, and
// anything unexpected leaves sip.js as it was. Affects this process only.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { Core } from 'sip.js';

interface PegModule {
  parse(input: string, options: { startRule?: string; data?: unknown }): unknown;
}

const TABLE_START = '    const peg$bytecode = [\n';
const TABLE_END = '\n    ];\n';
const DECODE = 'function peg$decode(s) {\n    return s.split("").map((ch) => ch.charCodeAt(0) - 32);\n}\n';

/** Samples the self-check parses both ways (every start rule the message parser uses). */
const SAMPLES: ReadonlyArray<readonly [string, string]> = [
  ['SIP/2.0/WSS abc.invalid;branch=z9hG4bK776asdhds;rport', 'Via'],
  ['"Ana" <sip:1001@127.0.0.1>;tag=1928301774', 'From'],
  ['<sip:1001@127.0.0.1>', 'To'],
  ['<sip:x@abc.invalid;transport=ws>;+sip.ice;reg-id=1;+sip.instance="<urn:uuid:f81d4fae>";expires=300', 'Contact'],
  ['314159 REGISTER', 'CSeq'],
  ['a84b4c76e66710@pc33.atlanta.com', 'Call_ID'],
  ['REGISTER sip:127.0.0.1 SIP/2.0', 'Request_Response'],
  ['SIP/2.0 401 Unauthorized', 'Request_Response'],
  ['Digest realm="asterisk", nonce="abc", algorithm=MD5', 'WWW_Authenticate'],
  ['<sip:p1.example.com;lr>', 'Record_Route'],
  ['not a header <<<', 'Contact'],
];

let installed: Promise<boolean> | null = null;

/** Switches this process's sip.js to the decoded-once grammar; resolves whether it did (false: sip.js kept as it was). */
export function installFastSipGrammar(): Promise<boolean> {
  installed ??= install().catch(() => false);
  return installed;
}

async function install(): Promise<boolean> {
  const file = createRequire(import.meta.url).resolve('sip.js/lib/grammar/pegjs/dist/grammar.js');
  const source = await readFile(file, 'utf8');
  const start = source.indexOf(TABLE_START);
  const end = start < 0 ? -1 : source.indexOf(TABLE_END, start);
  if (start < 0 || end < 0 || source.indexOf(TABLE_START, start + 1) >= 0) return false; // not the file this was written for
  const table = source.slice(start, end + TABLE_END.length);
  // Imports of sip.js's own classes by absolute URL, so the results are the very classes sip.js checks against.
  const base = pathToFileURL(dirname(file)).href;
  const moved = `${source.slice(0, start)}${source.slice(end + TABLE_END.length)}`
    .replace(/from "(\.\.?\/[^"]+)"/g, (_, relative: string) => `from "${new URL(relative, `${base}/`).href}"`)
    .concat(`\n${DECODE}${table.replace(/^ {4}/gm, '')}`);
  const dir = await mkdtemp(join(tmpdir(), 'sim-grammar-'));
  let fast: PegModule;
  try {
    const path = join(dir, 'grammar.mjs');
    await writeFile(path, moved);
    fast = (await import(pathToFileURL(path).href)) as PegModule;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const parse = (input: string, startRule: string): unknown => {
    const options: { startRule: string; data?: unknown } = { startRule };
    try {
      fast.parse(input, options);
    } catch {
      options.data = -1;
    }
    return options.data;
  };
  for (const [input, rule] of SAMPLES) if (!isDeepStrictEqual(parse(input, rule), Core.Grammar.parse(input, rule))) return false;
  if (!(parse('"Ana" <sip:1001@127.0.0.1>', 'Name_Addr_Header') instanceof Core.NameAddrHeader)) return false;
  (Core.Grammar as { parse: (input: string, startRule: string) => unknown }).parse = parse;
  return true;
}
