import type { CommandSpec, OptionSpec } from './cli-types';
import { bulkCommands } from './bulk/index';
import { COMMANDS } from './command-list';

function optionLines(options: Record<string, OptionSpec>): string[] {
  return Object.entries(options).map(([name, o]) => {
    const left = `  --${name}${o.type === 'string' ? ` ${o.value ?? '<text>'}` : ''}`;
    return `${left.padEnd(34)} ${o.description}${o.required ? ' [required]' : ''}${o.multiple ? ' [repeatable]' : ''}`;
  });
}

export function mainHelp(): string {
  const bulk = Object.entries(bulkCommands);
  const width = Math.max(...COMMANDS.map((c) => c.name.length), ...bulk.map(([name]) => name.length));
  return [
    'integra: run the Integra (uContact) API operations from a terminal.',
    '',
    'Usage: integra <command> [flags]     integra <command> --help',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Bulk commands (CSV in, bounded concurrency, --dry-run, error report):',
    ...bulk.map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Every command takes --base-url (env INTEGRA_BASE_URL), --ca-file, --timeout.',
    'Credentials come from flags or INTEGRA_USER, INTEGRA_PASSWORD, INTEGRA_AGENT, INTEGRA_AGENT_PASSWORD.',
    'Output: the result as JSON on stdout; errors on stderr.',
    'Exit codes: 0 success, 2 the platform said no, 3 network/timeout/TLS/HTTP status, 4 bad input, 1 anything else.',
    '',
  ].join('\n');
}

export function commandHelp(command: CommandSpec, options: Record<string, OptionSpec>): string {
  return [
    `integra ${command.name}: ${command.operation}: ${command.summary}`,
    '',
    `Usage: integra ${command.name} [flags]`,
    '',
    'Flags:',
    ...optionLines(options),
    '',
  ].join('\n');
}
