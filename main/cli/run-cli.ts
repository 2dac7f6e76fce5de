import { parseArgs } from 'node:util';
import { createIntegraClient, isIntegraError } from '../api';
import { bulkCommands } from './bulk/index';
import { UsageError, type CliIo, type CommandSpec, type OptionSpec } from './cli-types';
import { COMMANDS } from './command-list';
import { EXIT, exitCodeFor } from './exit-codes';
import { CONNECTION_OPTIONS, CREDENTIAL_OPTIONS, clientOptions, signIn } from './global-options';
import { commandHelp, mainHelp } from './help';

// The integra command: parse flags, sign in as the command needs, run it,
// print the result as JSON. Returns the exit code; never calls process.exit.

function optionsOf(command: CommandSpec): Record<string, OptionSpec> {
  const credentials = command.signIn === 'none' ? {} : CREDENTIAL_OPTIONS;
  return { ...command.options, ...credentials, ...CONNECTION_OPTIONS };
}

function parse(command: CommandSpec, args: string[]) {
  const options = optionsOf(command);
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(mainHelp());
    return name === undefined ? EXIT.badInput : EXIT.ok;
  }
  const bulk = bulkCommands[name];
  if (bulk) return bulk.run(args, { stdout: { write: io.stdout }, stderr: { write: io.stderr, isTTY: io.stderrIsTty }, env: io.env });
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`integra: unknown command ${JSON.stringify(name)}. Run integra --help for the list.\n`);
    return EXIT.badInput;
  }
  let client: ReturnType<typeof createIntegraClient> | undefined;
  try {
    const values = parse(command, args);
    if (values['help'] === true) {
      io.stdout(commandHelp(command, optionsOf(command)));
      return EXIT.ok;
    }
    checkRequired(command, values);
    const early = await command.preflight?.({ values, io });
    if (early) return printResult(io, early.result);
    client = createIntegraClient(await clientOptions(values, io));
    await signIn(client, command.signIn, values, io);
    return printResult(io, await command.run({ client, values, io }));
  } catch (error) {
    io.stderr(`integra ${command.name}: ${describe(error)}\n`);
    if (error instanceof UsageError) io.stderr(`Run integra ${command.name} --help for the flags.\n`);
    return exitCodeFor(error);
  } finally {
    await client?.close();
  }
}

function printResult(io: CliIo, result: unknown): number {
  io.stdout(`${JSON.stringify(result, null, 2)}\n`);
  return EXIT.ok;
}

function checkRequired(command: CommandSpec, values: Record<string, unknown>): void {
  const missing = Object.entries(command.options)
    .filter(([name, o]) => o.required && (values[name] === undefined || values[name] === '' || (Array.isArray(values[name]) && values[name].length === 0)))
    .map(([name]) => `--${name}`);
  if (missing.length > 0) throw new UsageError(`${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} required`);
}

function describe(error: unknown): string {
  if (isIntegraError(error) || error instanceof UsageError) return error.message;
  return `unexpected failure: ${error instanceof Error ? error.message : String(error)}`;
}
