import { runBulkCommand, type BulkIo } from './bulk-command';
import { dialerTasksCommand } from './dialer-tasks-command';
import { provisionCommand } from './provision-command';

// The bulk subcommands of `integra`, for the CLI's subcommand table.

export interface BulkSubcommand {
  readonly summary: string;
  run(argv: readonly string[], io: BulkIo): Promise<number>;
}

export const bulkCommands: Readonly<Record<string, BulkSubcommand>> = {
  provision: {
    summary: 'create agents and add them to campaigns from a CSV file',
    run: (argv, io) => runBulkCommand(provisionCommand, argv, io),
  },
  'dialer-tasks': {
    summary: 'queue dialer records from a CSV file',
    run: (argv, io) => runBulkCommand(dialerTasksCommand, argv, io),
  },
};

export { runBulkCommand, type BulkIo } from './bulk-command';
export { createProgress, formatBytes, formatProgressLine, type Progress, type ProgressStream } from './progress';
export { createUploadProgress, type UploadProgressDisplay } from './upload-progress';
