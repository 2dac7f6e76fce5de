// The app's logger. A record is redacted before anything else sees it: sinks
// only ever receive `RedactedLine`s, a type nothing outside this file can make.
import { redact, redactText, type Redacted } from './redact';

export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
const LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

declare const redactedBrand: unique symbol;
/** One formatted, already redacted log line. Only this module creates them. */
export type RedactedLine = string & { readonly [redactedBrand]: true };

export interface LogRecord {
  readonly time: string;
  readonly level: LogLevel;
  readonly scope: string;
  readonly message: string;
  readonly fields: Redacted | null;
}

export interface LogSink {
  write(line: RedactedLine, record: LogRecord): void;
}

export interface Logger {
  error(message: string, fields?: unknown): void;
  warn(message: string, fields?: unknown): void;
  info(message: string, fields?: unknown): void;
  debug(message: string, fields?: unknown): void;
  /** The same sinks under another scope name, e.g. `renderer` or `phone`. */
  child(scope: string): Logger;
}

export interface LoggerOptions {
  readonly sinks: readonly LogSink[];
  readonly scope?: string;
  /** Records below this level are dropped (default `info`). */
  readonly level?: LogLevel;
  readonly now?: () => Date;
}

export function createLogger(options: LoggerOptions): Logger {
  const threshold = LEVELS.indexOf(options.level ?? 'info');
  const now = options.now ?? (() => new Date());

  const make = (scope: string): Logger => {
    const log = (level: LogLevel, message: string, fields: unknown) => {
      if (LEVELS.indexOf(level) > threshold) return;
      const record: LogRecord = {
        time: now().toISOString(),
        level,
        scope: redactText(scope),
        message: redactText(String(message)),
        fields: fields === undefined ? null : redact(fields),
      };
      const line = formatRecord(record);
      for (const sink of options.sinks) {
        // A failing sink must never take the app (or the other sinks) down.
        try {
          sink.write(line, record);
        } catch {
          /* dropped: there is nowhere safer to report a logging failure */
        }
      }
    };
    return {
      error: (message, fields) => log('error', message, fields),
      warn: (message, fields) => log('warn', message, fields),
      info: (message, fields) => log('info', message, fields),
      debug: (message, fields) => log('debug', message, fields),
      child: (child) => make(child),
    };
  };
  return make(options.scope ?? 'main');
}

/** `2026-11-21T08:00:00.000Z [error] (scope) message {"fields":…}`, on one line. */
function formatRecord(record: LogRecord): RedactedLine {
  const fields = record.fields === null ? '' : ` ${JSON.stringify(record.fields)}`;
  const message = record.message.replace(/\r?\n/gu, '\\n');
  return `${record.time} [${record.level}] (${record.scope}) ${message}${fields}` as RedactedLine;
}
