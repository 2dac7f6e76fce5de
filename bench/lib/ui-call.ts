// One call as an agent makes it in the app, for the benches that repeat calls (call-soak, shift-check):
// dialled from the pad, held, hung up, its wrap-up filed.
import type { Page } from 'playwright-core';

/** Calls `number` from the dial pad, talks `holdMs`, hangs up and files the wrap-up ("Contactado"). */
export async function callAndFile(page: Page, number: string, holdMs: number): Promise<void> {
  await page.locator('input[name=number]').fill(number);
  await page.getByTestId('call-button').click();
  await page.locator('[data-testid=call-panel][data-state=active]').waitFor({ timeout: 15_000 });
  await new Promise((resolve) => setTimeout(resolve, holdMs));
  await page.getByTestId('hang-up').click();
  const form = page.locator('[data-testid=disposition-form]');
  await form.waitFor({ timeout: 10_000 });
  await form.locator('input[name=l1]').fill('Contactado');
  await page.getByTestId('disposition-submit').click();
  await form.waitFor({ state: 'detached', timeout: 10_000 });
}
