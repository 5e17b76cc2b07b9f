import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, testDatabases, useTestApp } from '../../test-support/test-app.js';
import { FIXTURES, scratch } from '../features/imports/fixtures/build-zip.js';
import { importCommand } from './import-command.js';

const tmp = scratch('import-cli-');
afterAll(() => tmp.remove());

describe.each(testDatabases())('npm run import on %s', (kind) => {
  // Remote images are left out: the fixture's image host is not reachable from a test.
  const t = useTestApp(kind);
  let channelId: number;
  let owner: string;
  let wxr: string;
  beforeAll(async () => {
    const signedIn = await signedInClient(t, 'cli-owner');
    owner = signedIn.username;
    channelId = (await signedIn.client.post('/api/channels', { name: `Command line ${kind}`, description: 'x' })).json().id;
    wxr = tmp.file('export.xml');
    // The fixture's images point at a host no test reaches: local addresses fail at once.
    fs.writeFileSync(wxr, fs.readFileSync(path.join(FIXTURES, 'wordpress/export.xml'), 'utf8').replaceAll('https://harbourtimes.example', 'http://127.0.0.1:9'));
  });

  it('imports a file as the channel owner and prints the progress and the report', async () => {
    const lines: string[] = [];
    const code = await importCommand(t.ctx, ['--channel', String(channelId), wxr], (line) => lines.push(line));
    const output = lines.join('\n');
    expect(code, output).toBe(0);
    expect(output).toContain(`into channel ${channelId} as ${owner}`);
    expect(output).toMatch(/Import \d+ done \(wordpress\)\./);
    expect(output).toContain('articles 1, drafts 2, comments 2');
    expect(output).toContain('- page "About" (wp:post_id 102): pages are not imported');
    // The person's file stays where it was.
    expect(fs.existsSync(wxr)).toBe(true);
  });

  it('refuses someone who is neither the owner nor an admin, and bad arguments', async () => {
    const other = await signedInClient(t, 'cli-other');
    const lines: string[] = [];
    expect(await importCommand(t.ctx, ['--channel', String(channelId), '--as', other.username, wxr], (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain("neither the channel's owner nor an admin");
    expect(await importCommand(t.ctx, [wxr], () => {})).toBe(2);
    expect(await importCommand(t.ctx, ['--channel', String(channelId), '--format', 'word', wxr], () => {})).toBe(2);
    expect(await importCommand(t.ctx, ['--channel', '999999', wxr], () => {})).toBe(1);
  });
});
