// Logging in the Electron main process: rotating files in the OS's log folder
// for this app (Linux ~/.config/Agent Softphone/logs, macOS
// ~/Library/Logs/Agent Softphone, Windows %APPDATA%\Agent Softphone\logs),
// the recent errors for "Copy diagnostics", and uncaught errors recorded
// instead of lost. Every record goes through the redacting logger.
import type { App } from 'electron';
import { createRecentErrors, createRecentLog, type RecentErrors, type RecentLog } from '../services/diagnostics';
import { createLogger, createRotatingFileSink, type Logger, type LogLevel, type LogSink } from '../services/logging';

export type LoggingApp = Pick<App, 'getPath' | 'setAppLogsPath'>;

export interface ProcessEvents {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
}

export interface AppLogging {
  readonly logger: Logger;
  readonly recentErrors: RecentErrors;
  /** The log's last lines, for the diagnostics bundle. */
  readonly recentLog: RecentLog;
  readonly logFolder: string;
}

export interface AppLoggingOptions {
  readonly app: LoggingApp;
  readonly process: ProcessEvents;
  /** Also print to stderr (development). */
  readonly console: boolean;
  readonly level?: LogLevel;
}

export function startAppLogging(options: AppLoggingOptions): AppLogging {
  options.app.setAppLogsPath();
  const logFolder = options.app.getPath('logs');
  const recentErrors = createRecentErrors();
  const recentLog = createRecentLog();
  const sinks: LogSink[] = [createRotatingFileSink({ folder: logFolder }), recentErrors, recentLog];
  if (options.console) sinks.push({ write: (line) => void process.stderr.write(`${line}\n`) });
  const logger = createLogger({ sinks, level: options.level ?? 'info' });

  options.process.on('uncaughtException', (error) => logger.error('Uncaught exception in main', { error }));
  options.process.on('unhandledRejection', (reason) => logger.error('Unhandled promise rejection in main', { reason }));
  return { logger, recentErrors, recentLog, logFolder };
}
