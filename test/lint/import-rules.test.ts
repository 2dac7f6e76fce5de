// The architecture's import rules are enforced by ESLint: each wrong arrow
// below must fail lint, each allowed one must pass.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImportErrors(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').length;
}

const wrongArrows: [string, string][] = [
  ['common/x.ts', "import { readFile } from 'node:fs';\nexport const r = readFile;"],
  ['common/x.ts', "import { a } from '../main/api/a';\nexport const r = a;"],
  ['main/api/x.ts', "import { app } from 'electron';\nexport const r = app;"],
  ['main/api/x.ts', "import { s } from '../services/s';\nexport const r = s;"],
  ['main/services/x.ts', "import { h } from '../ipc/h';\nexport const r = h;"],
  ['main/services/outbox/x.ts', "import { h } from '../../ipc/h';\nexport const r = h;"],
  ['main/api/http/x.ts', "import { p } from '../../../renderer/src/phone';\nexport const r = p;"],
  ['main/services/x.ts', "import { BrowserWindow } from 'electron';\nexport const r = BrowserWindow;"],
  ['main/ipc/x.ts', "import { ipcMain } from 'electron';\nexport const r = ipcMain;"],
  ['main/ipc/x.ts', "import { c } from '../api/client';\nexport const r = c;"],
  ['main/cli/x.ts', "import { s } from '../services/session';\nexport const r = s;"],
  ['main/desktop/tray.ts', "import { ipcMain } from 'electron';\nexport const r = ipcMain;"],
  ['renderer/src/x.ts', "import { a } from '../../main/api/client';\nexport const r = a;"],
  ['renderer/src/x.ts', "import { readFile } from 'node:fs';\nexport const r = readFile;"],
  ['renderer/src/x.ts', "import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;"],
  ['preload/index.ts', "import { a } from '../main/api/client';\nexport const r = a;"],
  ['simulator/x.ts', "import { a } from '../main/api/client';\nexport const r = a;"],
  ['simulator/x.ts', "import { parse } from '../common/domain/agent';\nexport const r = parse;"],
];

const allowedArrows: [string, string][] = [
  ['common/x.ts', "import { z } from 'zod';\nexport const r = z;"],
  ['main/api/x.ts', "import { APP_NAME } from '../../common/app-info';\nexport const r = APP_NAME;"],
  ['main/services/x.ts', "import { c } from '../api/client';\nexport const r = c;"],
  ['main/services/x.ts', "import { ch } from '../../common/ipc/channels';\nexport const r = ch;"],
  ['main/desktop/x.ts', "import { app } from 'electron';\nexport const r = app;"],
  ['main/desktop/ipc-main.ts', "import { ipcMain } from 'electron';\nexport const r = ipcMain;"],
  ['preload/index.ts', "import { ipcRenderer } from 'electron';\nexport const r = ipcRenderer;"],
  ['renderer/src/x.ts', "import { UserAgent } from 'sip.js';\nexport const r = UserAgent;"],
  ['simulator/x.ts', "import type { Agent } from '../common/domain/agent';\nexport type R = Agent;"],
];

describe('architecture import rules', () => {
  it.each(wrongArrows)('%s refuses: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).toBeGreaterThan(0);
  });
  it.each(allowedArrows)('%s allows: %s', async (file, code) => {
    expect(await restrictedImportErrors(file, code)).toBe(0);
  });
});
