import { execFileSync } from 'node:child_process';
import { expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectAccessible, Journey } from './support/browser.js';
import { loginThroughForm } from './support/auth.js';
import { describeInBrowser, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';
import { shoot } from './support/shots.js';
import { writerWithArticles } from './support/writers.js';

/**
 * The public record (docs/product.md#public-record): an edit of a published article that says it corrects
 * the article shows the correction after the text; the history lists the revisions, shows what one
 * changed and one version as saved, and its owner restores a version after confirming.
 */

const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1366, height: 900 };

/** axe on the page as it is, in the dark theme too (the light one is checked by goto/expectPath). */
async function accessibleInBothThemes(page: Page, label: string) {
  await expectAccessible(page, `${label}, light theme`);
  await page.evaluate(() => document.documentElement.classList.add('dark'));
  // Colours fade (transition-colors): contrast is measured where they end.
  await page.waitForTimeout(500);
  await expectAccessible(page, `${label}, dark theme`);
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

describeInBrowser('the public record', () => {
  const site = useSite();

  it('an edit that corrects the article shows on its page; its history shows the change, one version, and restores it', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 1, prefix: 'record' });
    const original = writer.articles[0]!;
    const note = 'An earlier version of this article gave the wrong day for the vote.';

    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    const { page } = journey;
    await loginThroughForm(journey, writer.username);
    await journey.expectPath('/');
    await journey.goto(`/articles/${original.slug}-${original.id}`);

    // The writer edits the published article and says the edit corrects it.
    await page.getByRole('button', { name: 'Edit' }).click();
    const titleInput = page.getByLabel('Title', { exact: true });
    await titleInput.fill('Harbour vote moves to Tuesday');
    const editor = page.getByRole('textbox', { name: 'Content' });
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' The vote is on Tuesday.');
    await page.getByRole('switch', { name: 'This edit corrects the article' }).click();
    expect(await page.getByRole('radio', { name: 'Correction' }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'What readers should know' }).fill(note);
    await shoot(page, 'edit-with-correction');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(visible(page.getByText('Article updated', { exact: true }))).toBe(true);

    // Readers see it after the text, with its kind and date, and the way to the history. (The new
    // title gave the article a new address; the old one leads there.)
    await journey.goto(`/articles/${original.slug}-${original.id}`);
    const articlePath = new URL(page.url()).pathname;
    expect(articlePath).toBe(`/articles/harbour-vote-moves-to-tuesday-${original.id}`);
    const historyPath = `${articlePath}/history`;
    const corrections = page.getByTestId('article-corrections');
    expect(await corrections.textContent()).toMatch(new RegExp(`Correction, \\d{1,2} [A-Z][a-z]+ \\d{4}: ${note}`));
    await shoot(page, 'article-corrections');
    await corrections.getByRole('link', { name: 'View history' }).click();
    await journey.expectPath(historyPath);

    // The newest revision's changes: the title and the added words, marked as such.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('History of “Harbour vote moves to Tuesday”');
    const revisions = page.getByRole('list', { name: 'Revisions' });
    expect(await revisions.getByRole('link', { name: /^Revision \d+$/ }).allTextContents()).toEqual(['Revision 2', 'Revision 1']);
    expect(await revisions.getByText(note).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toBe('Changes in revision 2');
    const title = page.getByTestId('revision-title-change');
    expect(await title.locator('del').textContent()).toBe(original.title);
    expect(await title.locator('ins').textContent()).toBe('Harbour vote moves to Tuesday');
    expect((await page.getByTestId('revision-diff').locator('ins').allTextContents()).join(' ')).toContain('The vote is on Tuesday.');
    await accessibleInBothThemes(page, 'history page, changes of a revision');
    await shoot(page, 'history-changes');

    // The first version as it was saved, and its restore after confirming.
    await revisions.getByRole('link', { name: 'Revision 1' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?changes=1');
    await page.getByRole('link', { name: 'View this version' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?version=1');
    await expect.poll(visible(page.getByTestId('revision-title'))).toBe(true);
    expect(await page.getByTestId('revision-title').textContent()).toBe(original.title);
    await accessibleInBothThemes(page, 'history page, one version');
    await shoot(page, 'history-version');

    const restore = page.getByRole('button', { name: 'Restore this version' });
    await restore.click();
    const dialog = page.getByRole('alertdialog', { name: 'Restore revision 1?' });
    await dialog.waitFor();
    // Focus starts on the safe choice, and goes back to the button when the dialog closes.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await shoot(page, 'history-restore-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Restore this version');
    await restore.click();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await journey.expectPath(/^\/articles\/[^/]+$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(original.title);

    // The restore is a revision of its own, on top of the record.
    await journey.goto(historyPath);
    expect(await revisions.getByRole('link', { name: /^Revision \d+$/ }).allTextContents()).toEqual(['Revision 3', 'Revision 2', 'Revision 1']);
    await journey.close();

    // A reader on a phone: the history, without the owner's restore.
    const reader = await Journey.open(site.browser, site.server.url, PHONE);
    await reader.goto(`${historyPath}?changes=2`);
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await accessibleInBothThemes(reader.page, 'history page on a phone');
    await shoot(reader.page, 'history-changes');
    await reader.goto(`${historyPath}?version=1`);
    expect(await reader.page.getByRole('button', { name: 'Restore this version' }).count()).toBe(0);
    await shoot(reader.page, 'history-version');
    await reader.goto(articlePath);
    await shoot(reader.page, 'article-corrections');
    await reader.close();
  });

  it('renders the history on the server, each view at its own address', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 1, prefix: 'recordssr' });
    const article = writer.articles[0]!;
    await writer.call('PATCH', `/api/articles/${article.id}`, {
      content: '<p>What happened on the quay, part 1, and after.</p>',
      correction: { kind: 'update', text: 'The quay reopened in the evening.' },
    });
    const context = await site.browser.newContext({ baseURL: site.server.url, javaScriptEnabled: false, viewport: WIDE });
    try {
      const page = await context.newPage();
      const response = await page.goto(`/articles/${article.slug}-${article.id}/history`, { waitUntil: 'load' });
      expect(response?.status()).toBe(200);
      expect((await page.getByTestId('revision-diff').locator('ins').allTextContents()).join(' ')).toContain('after');
      expect(await page.getByText('The quay reopened in the evening.').count()).toBeGreaterThan(0);
      // The article's JSON-LD says when it last changed and carries the note.
      await page.goto(`/articles/${article.slug}-${article.id}`, { waitUntil: 'load' });
      const jsonLd = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}') as Record<string, unknown>;
      expect(jsonLd.correction).toEqual([
        { '@type': 'CorrectionComment', text: 'Update: The quay reopened in the evening.', datePublished: expect.any(String) },
      ]);
      expect(jsonLd.dateModified).toEqual(expect.any(String));
      expect(await page.getByTestId('article-corrections').textContent()).toContain('The quay reopened in the evening.');
      // The id alone addresses it too; a revision or an article that is not there is the 404 page.
      await page.goto(`/articles/${article.id}/history?version=1`, { waitUntil: 'load' });
      expect(await page.getByTestId('revision-title').textContent()).toBe(article.title);
      expect((await page.goto(`/articles/${article.slug}-${article.id}/history?version=99`, { waitUntil: 'load' }))?.status()).toBe(404);
      expect((await page.goto(`/articles/999999/history`, { waitUntil: 'load' }))?.status()).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('an administrator removes a revision from the record with a reason, and readers see why', async () => {
    const writer = await writerWithArticles(site.server.url, { articles: 1, prefix: 'recordadmin' });
    const article = writer.articles[0]!;
    await writer.call('PATCH', `/api/articles/${article.id}`, { content: '<p>A name that should not have been printed.</p>' });
    execFileSync(process.execPath, ['dist/server/admin.js', 'grant', writer.username], {
      env: { ...process.env, DATA_DIR: site.server.dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    });
    const historyPath = `/articles/${article.slug}-${article.id}/history`;

    const journey = await Journey.open(site.browser, site.server.url, WIDE);
    const { page } = journey;
    await loginThroughForm(journey, writer.username);
    await journey.expectPath('/');
    await journey.goto(`${historyPath}?version=1`);
    await page.getByRole('button', { name: 'Remove from the record' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove revision 1 from the record?' });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Named a private person');
    await accessibleInBothThemes(page, 'history page, removing a revision');
    await shoot(page, 'history-redact-dialog');
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(visible(page.getByTestId('revision-title'))).toBe(true);
    await expect.poll(() => page.getByText('Removed by an administrator: Named a private person').count()).toBeGreaterThan(0);
    // The page reads the revision again after the removal: its text leaves once that answer is in.
    await expect.poll(() => page.getByTestId('revision-content').count()).toBe(0);
    await shoot(page, 'history-redacted');

    // The correction choice on a phone.
    await page.setViewportSize(PHONE);
    await journey.goto(`/articles/${article.slug}-${article.id}`);
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('switch', { name: 'This edit corrects the article' }).click();
    await page.getByRole('textbox', { name: 'What readers should know' }).fill('The name has been taken out.');
    await accessibleInBothThemes(page, 'the edit form with a correction, on a phone');
    await shoot(page, 'edit-with-correction');
    await journey.close();

    const reader = await Journey.open(site.browser, site.server.url, PHONE);
    await reader.goto(historyPath);
    expect(await reader.page.getByRole('list', { name: 'Revisions' }).getByText('Removed by an administrator: Named a private person').isVisible()).toBe(true);
    await reader.close();
  });
});
