// Progress of a long command on stderr: one line rewritten in place on a
// terminal, plain lines every N items or T seconds otherwise (logs, CI).
// Units are rows or bytes, so upload-base can use it as well as the bulk runner.

export interface ProgressStream {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ProgressOptions {
  readonly stream: ProgressStream;
  readonly label: string;
  readonly unit: 'rows' | 'bytes';
  /** Unknown totals show no percentage and no ETA. */
  readonly total?: number;
  /** Non-terminal output: a line every this many units ... */
  readonly everyUnits?: number;
  /** ... or after this many milliseconds, whichever comes first. */
  readonly everyMs?: number;
  readonly now?: () => number;
}

export interface Progress {
  /** Sets the current counts; draws when due. */
  update(done: number, errors?: number): void;
  /** Draws the final state and ends the line. */
  finish(): void;
}

const TTY_REDRAW_MS = 100;

export function createProgress(options: ProgressOptions): Progress {
  const now = options.now ?? (() => performance.now());
  const tty = options.stream.isTTY === true;
  const everyUnits = options.everyUnits ?? (options.unit === 'rows' ? 100 : 10 * 1024 * 1024);
  const everyMs = options.everyMs ?? 5000;
  const started = now();
  let done = 0;
  let errors = 0;
  let lastDrawAt = Number.NEGATIVE_INFINITY;
  let lastDrawnUnits = 0;
  let finished = false;

  const line = (): string => formatProgressLine({ label: options.label, unit: options.unit, total: options.total, done, errors, elapsedMs: now() - started });

  const draw = (final: boolean): void => {
    if (tty) {
      const width = Math.max(20, (options.stream.columns ?? 80) - 1);
      options.stream.write(`\r\x1b[2K${line().slice(0, width)}${final ? '\n' : ''}`);
    } else {
      options.stream.write(`${line()}\n`);
    }
    lastDrawAt = now();
    lastDrawnUnits = done;
  };

  return {
    update(nextDone, nextErrors = errors) {
      if (finished) return;
      done = nextDone;
      errors = nextErrors;
      const sinceDraw = now() - lastDrawAt;
      const due = tty ? sinceDraw >= TTY_REDRAW_MS : done - lastDrawnUnits >= everyUnits || sinceDraw >= everyMs;
      if (due) draw(false);
    },
    finish() {
      if (finished) return;
      finished = true;
      draw(true);
    },
  };
}

export interface ProgressLineInput {
  readonly label: string;
  readonly unit: 'rows' | 'bytes';
  readonly total: number | undefined;
  readonly done: number;
  readonly errors: number;
  readonly elapsedMs: number;
}

/** `provision 320/1000 rows 32% · 145 rows/s · ETA 5s · 2 errors` */
export function formatProgressLine(input: ProgressLineInput): string {
  const amount = (value: number): string => (input.unit === 'bytes' ? formatBytes(value) : formatCount(value));
  const seconds = input.elapsedMs / 1000;
  const rate = seconds > 0 ? input.done / seconds : 0;
  const parts: string[] = [];
  const unitWord = input.unit === 'rows' ? ' rows' : '';
  if (input.total !== undefined) {
    const percent = input.total > 0 ? Math.floor((input.done / input.total) * 100) : 100;
    parts.push(`${input.label} ${amount(input.done)}/${amount(input.total)}${unitWord} ${percent}%`);
  } else {
    parts.push(`${input.label} ${amount(input.done)}${unitWord}`);
  }
  parts.push(input.unit === 'bytes' ? `${formatBytes(rate)}/s` : `${rate.toFixed(rate < 10 ? 1 : 0)} rows/s`);
  if (input.total !== undefined && input.done < input.total && rate > 0) parts.push(`ETA ${formatDuration((input.total - input.done) / rate)}`);
  parts.push(`${input.errors} error${input.errors === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/** A count as a person reads it in the CLI's English: `1,000,000`, not `1000000`. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
  return `${(bytes / 1024 / 1024 / 1024).toFixed(2)} GiB`;
}

export function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}
