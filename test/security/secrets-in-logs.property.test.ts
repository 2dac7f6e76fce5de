// Issue 13: for random secrets placed in random log records and sentences, no
// secret main holds appears in the log or in "Copy diagnostics". The secrets
// here look like words ("summer bonus 2026"), so only the exact-secret removal
// can catch them: the patterns alone would not.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { buildDiagnostics, createRecentErrors } from '../../main/services/diagnostics';
import { createLogger, forgetSecret, rememberSecret, type LogSink } from '../../main/services/logging';

const word = fc.stringMatching(/^[a-záéíóúñ]{1,10}$/u);
const secret = fc.array(fc.oneof(word, fc.stringMatching(/^[A-Za-z0-9!#%&*+=?@^_~-]{1,12}$/u)), { minLength: 1, maxLength: 4 }).map((parts) => parts.join(' ')).filter((s) => s.length >= 6);
const key = fc.constantFrom('note', 'detail', 'reason', 'text', 'campo', 'motivo', 'cause', 'value');
const placement = fc.constantFrom<(s: string) => string>(
  (s) => s,
  (s) => `Sign-in failed for ana: ${s}`,
  (s) => `the agent typed ${s} into the wrong field`,
  (s) => `https://pbx.example.com/x?q=${encodeURIComponent(s)}`,
  (s) => JSON.stringify({ inner: s }),
  (s) => `${s}${s}`,
);

describe('no secret main holds reaches a log line or the diagnostics', () => {
  it('whatever record, key or sentence it comes in', () => {
    fc.assert(
      fc.property(secret, placement, placement, key, fc.constantFrom('error', 'warn', 'info'), (value, inMessage, inField, fieldKey, level) => {
        rememberSecret(value);
        try {
          const lines: string[] = [];
          const sink: LogSink = { write: (line) => void lines.push(line) };
          const recent = createRecentErrors();
          const logger = createLogger({ sinks: [sink, recent] });
          logger[level](inMessage(value), { [fieldKey]: inField(value), list: [value, { deeper: value }] });
          logger.error(new Error(inMessage(value)).message, { error: new Error(inField(value)) });
          const diagnostics = buildDiagnostics({
            app: { name: 'Agent Softphone', version: '0.1.0', packaged: false }, runtime: {}, os: { platform: 'linux', release: '6', arch: 'x64' },
            startedByAutostart: false, session: { state: 'signed-in', agent: 'ana', instanceUrl: `https://h/${value}` }, registration: 'registered',
            connectivity: 'online', policy: { source: null, problem: null, locked: [] }, settings: { note: value }, logFolder: null,
            recentErrors: recent.lines(), generatedAt: new Date(0),
          });
          const everything = [...lines, diagnostics].join('\n');
          return [value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)].every((form) => !everything.includes(form));
        } finally {
          forgetSecret(value);
        }
      }),
      { numRuns: 300 },
    );
  });
});
