// ESLint flat config. The folder import rules of docs/ARCHITECTURE (../shared)
// are enforced here with no-restricted-imports, so a wrong arrow fails lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = { regex: '^node:', message: 'Node built-ins are not available here.' };
const electronAnywhere = { group: ['electron', 'electron/*'], message: "Only main/desktop/ and main/index.ts import 'electron'." };
const electronIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Use the typed handle() wrapper (main/desktop/ipc-main.ts) or the preload bridge.',
};
const uiLibs = { group: ['react', 'react-dom', 'react-dom/*', 'sip.js', 'sip.js/*'], message: 'UI and phone libraries belong to the renderer.' };
const serverLibs = { group: ['undici', 'ws', 'werift', 'electron-store'], message: 'Server-side libraries do not belong here.' };
/**
 * A relative import that climbs to a folder of the app by name: `../ipc/x`
 * from main/services, `../../renderer/y` from main/api. Anchored on the `../`
 * chain so that `../../common/ipc/z` (the contract) is not mistaken for main/ipc.
 */
const folders = (names, message) => ({ regex: `^(\\.\\./)+(${names.join('|')})(/|$)`, message });

function restrict(files, patterns, paths = [electronIpc]) {
  return { files, rules: { 'no-restricted-imports': ['error', { paths, patterns }] } };
}

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage', '**/*.d.ts', 'test-results'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-ignore': 'allow-with-description', 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-imports': ['error', { paths: [electronIpc] }],
    },
  },
  { files: ['renderer/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['test/**/*.{ts,tsx}'], rules: { '@typescript-eslint/no-non-null-assertion': 'off' } },

  // common/: neither Node nor the DOM; nothing of the app; zod only.
  restrict(['common/**/*.ts'], [nodeBuiltins, electronAnywhere, uiLibs, serverLibs,
    folders(['main', 'renderer', 'preload', 'simulator'], 'common/ imports nothing of the app.')]),
  // main/api/: the Integra client, plain Node. May import common.
  restrict(['main/api/**/*.ts'], [electronAnywhere, uiLibs,
    folders(['services', 'ipc', 'desktop', 'cli', 'renderer', 'preload', 'simulator'], 'main/api may import common only.')]),
  // main/services/: plain TS with injected ports. May import api and common.
  restrict(['main/services/**/*.ts'], [electronAnywhere, uiLibs,
    folders(['ipc', 'desktop', 'cli', 'renderer', 'preload', 'simulator'], 'main/services may import api and common only.')]),
  // main/ipc/: handlers = contract → services.
  restrict(['main/ipc/**/*.ts'], [electronAnywhere, uiLibs,
    folders(['api', 'desktop', 'cli', 'renderer', 'preload', 'simulator'], 'main/ipc may import services and common only.')]),
  // main/desktop/: the only room with electron (besides main/index.ts).
  restrict(['main/desktop/**/*.ts'], [uiLibs,
    folders(['api', 'cli', 'renderer', 'preload', 'simulator'], 'main/desktop may import services, ipc and common.')]),
  // main/cli/: the integra command. May import api and common.
  restrict(['main/cli/**/*.ts'], [electronAnywhere, uiLibs,
    folders(['services', 'ipc', 'desktop', 'renderer', 'preload', 'simulator'], 'main/cli may import api and common only.')]),
  // preload/: the contextBridge, built from the contract.
  restrict(['preload/**/*.ts'], [nodeBuiltins, uiLibs, serverLibs,
    folders(['main', 'renderer', 'simulator'], 'preload may import common and electron only.')], []),
  // renderer/: UI and phone; talks to main only through bridge/.
  restrict(['renderer/**/*.{ts,tsx}'], [nodeBuiltins, electronAnywhere, serverLibs,
    folders(['main', 'preload', 'simulator'], 'The renderer talks to main only through bridge/.'),
    // Issue 23: the page loads one language's table at a time (renderer/src/dictionaries.ts); a value
    // import of these puts both in the first chunk. Types are fine; the phone's own English is phone-en.
    { regex: '^(\\.\\./)+common/(i18n(/(index|say|en|es))?|dial-link|ipc/spoken-error)$', allowTypeImports: true,
      message: 'This imports both languages\' tables: use the LanguageProvider\'s table (useLanguage) or common/i18n/dictionary.' }]),
  // simulator/: its own implementation of the spec; common for types at most.
  restrict(['simulator/**/*.ts'], [electronAnywhere,
    folders(['main', 'renderer', 'preload'], 'The simulator shares no code with the app.'),
    { regex: '^(\\.\\./)+common(/|$)', allowTypeImports: true, message: 'The simulator may use common/ for types only.' }]),
  // The ONE place for ipcMain (the typed handle() wiring) and the preload.
  { files: ['main/desktop/ipc-main.ts'], rules: { 'no-restricted-imports': 'off' } },
  { files: ['main/index.ts'], rules: { 'no-restricted-imports': ['error', { paths: [electronIpc] }] } },
);
