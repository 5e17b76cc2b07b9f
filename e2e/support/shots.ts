import fs from 'node:fs';
import type { Page } from 'playwright-core';

/**
 * Screenshots of a changed screen, light and dark, for review: into SHOTS_DIR (outside the
 * repository) when it is set, named `{name}-{width}-{theme}.png`; nothing otherwise.
 */
export async function shoot(page: Page, name: string): Promise<void> {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark');
    // Colours fade (transition-colors): the picture is of where they end.
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${folder}/${name}-${page.viewportSize()?.width}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
