// axe-core through playwright-core: the serious and critical violations on a
// page, in Spanish and English (the screens the E2E tests show must pass).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { chooseLanguage } from './harness';

/** Serious and critical violations on the page now, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** The same in both languages, ending in Spanish (the app's default). */
export async function violationsInBothLanguages(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const language of ['es', 'en'] as const) {
    await chooseLanguage(page, language);
    found.push(...(await seriousViolations(page)).map((line) => `${language} ${line}`));
  }
  await chooseLanguage(page, 'es');
  return found;
}
