import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser.js';

/**
 * axe's heading-order on the page as it is now: headings go down one level at a time (an h1, then
 * h2, then h3). axe rates it moderate, below what every journey's own check fails on, so the
 * pages whose lists are headed check it here, once their items are shown.
 */
export async function expectHeadingsInOrder(page: Page, label = page.url()): Promise<void> {
  // Loads axe into the page if it is not there yet (and checks the serious rules again).
  await expectAccessible(page, label);
  const nodes = (await page.evaluate(
    `axe.run(document, { runOnly: ['heading-order'] }).then(r => r.violations.flatMap(v => v.nodes.map(n => n.target.join(' '))))`,
  )) as string[];
  expect(nodes, `headings out of order on ${label}`).toEqual([]);
}
