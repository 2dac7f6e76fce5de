// Issue 23, cold start: a reload of an agent's page fetches the table of the
// language shown and not the other, nor the supervisor console; switching the
// language with the keyboard fetches the other table then, changes every text
// and <html lang> at once, never shows a message key, and leaves the focus on
// the language switch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../common/i18n/en';
import { phoneOnline, startSignedIn, type E2EApp } from './harness';

let app: E2EApp;
beforeAll(async () => {
  app = await startSignedIn();
  // Before the page's code, on every load: remember any text that shows a message key (a table not yet in).
  await app.context.addInitScript(`{
    const keys = new Set(${JSON.stringify(Object.keys(en).filter((key) => key.split('.').length >= 2))});
    window.rawKeysSeen = [];
    const look = () => {
      const text = document.body ? document.body.innerText : '';
      for (const word of text.split(/\\s+/)) if (keys.has(word.replace(/[.,:;]$/, ''))) window.rawKeysSeen.push(word);
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }`);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** The renderer's chunks the page asked for, by name without the hash (`es`, `mount`, `supervisor-area`…). */
function chunksRequested(): { names: string[]; stop(): void } {
  const names: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const match = /\/assets\/(.+)-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) names.push(match[1]);
  };
  app.page.on('request', onRequest);
  return { names, stop: () => app.page.off('request', onRequest) };
}

const rawKeysSeen = () => app.page.evaluate(() => (window as unknown as { rawKeysSeen: string[] }).rawKeysSeen);

describe('the language tables on demand', () => {
  it('a reload in Spanish fetches the Spanish table only, and no supervisor console', async () => {
    const chunks = chunksRequested();
    await app.page.reload();
    await phoneOnline(app.page);
    chunks.stop();
    expect(chunks.names).toContain('es');
    expect(chunks.names).not.toContain('en');
    expect(chunks.names).not.toContain('supervisor-area');
    expect(await app.page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await rawKeysSeen()).toEqual([]);
  });

  it('switching to English with the keyboard fetches its table then, and keeps the focus on the switch', async () => {
    const chunks = chunksRequested();
    const select = app.page.locator('.app-header .language-switch select');
    await select.focus();
    await app.page.keyboard.press('ArrowDown');
    // The switch says English at once (it does not bounce back while the table loads).
    expect(await select.inputValue()).toBe('en');
    await app.page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await select.inputValue()).toBe('en');
    chunks.stop();
    expect(chunks.names).toEqual(['en']);
    // Every text changed with <html lang>: the header and the switch's own label speak English.
    expect(await app.page.locator('.app-header .language-switch label').textContent()).toBe('Language');
    expect(await app.page.getByTestId('connection').textContent()).toMatch(/connected/i);
    expect(await app.page.evaluate(() => document.activeElement?.closest('.language-switch') !== null)).toBe(true);
    expect(await rawKeysSeen()).toEqual([]);
  });

  it('switching back to Spanish uses the table already loaded', async () => {
    const chunks = chunksRequested();
    await app.page.keyboard.press('ArrowUp');
    await app.page.waitForFunction(() => document.documentElement.lang === 'es');
    chunks.stop();
    expect(chunks.names).toEqual([]);
    expect(await app.page.locator('.app-header .language-switch label').textContent()).toBe('Idioma');
    expect(await rawKeysSeen()).toEqual([]);
    // The probe itself sees a key when one is shown.
    await app.page.evaluate(() => document.body.append(Object.assign(document.createElement('p'), { textContent: 'app.loading' })));
    await expect.poll(rawKeysSeen).toEqual(['app.loading']);
  });
});
