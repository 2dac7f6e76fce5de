import type { IntegraClient } from '../api';

/** Where the CLI reads and writes; injected so tests can run it in-process too. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
  /** True when stderr is a terminal (progress is drawn in place). */
  stderrIsTty: boolean;
  /** All of standard input (for secrets kept off the command line); absent where there is none. */
  readStdin?: () => Promise<string>;
}

export interface OptionSpec {
  type: 'string' | 'boolean';
  multiple?: boolean;
  description: string;
  /** Shown in help, e.g. `<number>`. */
  value?: string;
  /** Checked before signing in, so a forgotten flag never costs a request. */
  required?: boolean;
}

export type OptionValues = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a command may look at before the client exists: its flags and the environment. */
export interface PreflightContext {
  values: OptionValues;
  io: CliIo;
}

export interface CommandContext {
  client: IntegraClient;
  values: OptionValues;
  io: CliIo;
}

/** Which sign-in a command needs before it runs (see the token policy). */
export type SignIn = 'none' | 'agent' | 'client';

export interface CommandSpec {
  name: string;
  /** The spec's operation name, for help. */
  operation: string;
  summary: string;
  signIn: SignIn;
  options: Record<string, OptionSpec>;
  /**
   * Checks local input (files, flags) before signing in, so a bad input costs
   * no request at all. Returning `{ result }` ends the command there with that
   * result (a dry run); `undefined` goes on to sign in and run.
   */
  preflight?(context: PreflightContext): Promise<{ result: unknown } | undefined>;
  run(context: CommandContext): Promise<unknown>;
}

/** A mistake in how the CLI was called (exit code 4). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
