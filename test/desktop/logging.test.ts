import type { App } from 'electron';
import { EventEmitter } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { startAppLogging, type LoggingApp, type ProcessEvents } from '../../main/desktop/logging';

describe('startAppLogging', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'app-logs-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('is typed so the real app and process fit', () => {
    expectTypeOf<App>().toExtend<LoggingApp>();
    expectTypeOf<NodeJS.Process>().toExtend<ProcessEvents>();
  });

  it("writes redacted records to the app's log folder and records uncaught errors", async () => {
    const calls: string[] = [];
    const app: LoggingApp = {
      setAppLogsPath: () => void calls.push('setAppLogsPath'),
      getPath: (name) => {
        calls.push(`getPath ${name}`);
        return folder;
      },
    };
    const fakeProcess = new EventEmitter();
    const logging = startAppLogging({ app, process: fakeProcess as ProcessEvents, console: false });
    expect(calls).toEqual(['setAppLogsPath', 'getPath logs']);
    expect(logging.logFolder).toBe(folder);

    logging.logger.info('signed in', { agent: 'ana', password: 'hunter2' });
    fakeProcess.emit('uncaughtException', new Error('boom with Authorization: Basic c2VjcmV0'));
    fakeProcess.emit('unhandledRejection', { token: 'abc' });

    const text = await readFile(join(folder, 'main.log'), 'utf8');
    expect(text).toContain('signed in {"agent":"ana","password":"[redacted]"}');
    expect(text).toContain('Uncaught exception in main');
    expect(text).toContain('Unhandled promise rejection in main {"reason":{"token":"[redacted]"}}');
    expect(text).not.toMatch(/hunter2|c2VjcmV0|"abc"/);
    expect(logging.recentErrors.lines()).toHaveLength(2);
  });
});
