import { expect, it } from 'vitest';
import { Journey } from './support/browser.js';
import { browserCookies, createThroughApi, registerThroughApi } from './support/content.js';
import { describeInBrowser, useDemoSite, useSite } from './support/fixtures.js';
import { visible } from './support/page-api.js';

/** Places as a writer picks them and as a reader filters by them. */
describeInBrowser('place names', () => {
  const site = useSite();

  it('offers London itself first when a writer types "Lond", before the boroughs named after it', async () => {
    const writer = await registerThroughApi(site.server.url, 'writer');
    await createThroughApi(site.server.url, writer.cookie, '/api/channels', { name: 'Places Desk', description: 'Where things happen' });
    const journey = await Journey.open(site.browser, site.server.url);
    const { page } = journey;
    await journey.context.addCookies(browserCookies(site.server.url, writer.cookie));
    await journey.goto('/articles/new');
    await page.getByRole('combobox', { name: 'Location' }).fill('Lond');
    const options = page.getByRole('listbox').getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(3);
    expect(await options.first().textContent()).toContain('London, United Kingdom');
    const names = await options.allTextContents();
    const firstBorough = names.findIndex((name) => name.includes('London Borough of'));
    if (firstBorough !== -1) expect(firstBorough).toBeGreaterThan(0);
    await journey.close();
  });
});

describeInBrowser('place names on the demo site', () => {
  const demo = useDemoSite();

  it('lists a place once in the Filter, named as the picker names it, however its articles were written', async () => {
    const writer = await registerThroughApi(demo.server.url, 'writer');
    await createThroughApi(demo.server.url, writer.cookie, '/api/channels', { name: 'Edinburgh Desk', description: 'News from the capital' });
    const journey = await Journey.open(demo.browser, demo.server.url);
    const { page } = journey;
    await journey.context.addCookies(browserCookies(demo.server.url, writer.cookie));

    // An article placed through the picker, as a writer does, on a site whose demo content has Edinburgh too.
    await journey.goto('/articles/new');
    await page.getByLabel('Title', { exact: true }).fill('The castle esplanade reopens');
    await page.getByRole('textbox', { name: 'Content' }).fill('The esplanade is open again after repairs.');
    await page.getByRole('combobox', { name: 'Location' }).fill('Edinburgh');
    await page.getByRole('option', { name: /Edinburgh, United Kingdom/ }).first().click();
    expect(await page.getByRole('combobox', { name: 'Location' }).inputValue()).toBe('Edinburgh, United Kingdom');
    await page.getByRole('button', { name: 'Publish Article' }).click();
    await journey.expectPath(/^\/articles\/[a-z0-9-]+-\d+$/);

    // The demo site's own Edinburgh stories and the one just placed with the picker: one entry.
    await journey.goto('/');
    await page.getByRole('button', { name: /^Filter/ }).click();
    const locations = page.getByRole('group', { name: 'Locations' });
    await expect.poll(visible(locations.getByText('Edinburgh, United Kingdom', { exact: true }))).toBe(true);
    expect(await locations.getByText(/^Edinburgh/).count()).toBe(1);
    await journey.close();
  });
});
