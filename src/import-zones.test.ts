import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones (one-way imports: contract <- server, contract <- web; a feature reaches another
 * only through its service or repository), as ESLint enforces them (eslint.config.js). Each probe
 * is linted as if it lived at `filePath`; an import the resolver could not find would pass silently,
 * so every probe imports a file that exists.
 */
// The first lint loads ESLint's plugins and the TypeScript resolver: seconds on a busy machine.
describe('import zones', { timeout: 60_000 }, () => {
  const eslint = new ESLint();
  const errorsOf = async (rule: string, filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === rule).map((m) => m.message);
  };
  const zoneErrors = (filePath: string, code: string) => errorsOf('import-x/no-restricted-paths', filePath, code);

  it('refuses the server importing the web, even with a NodeNext .js specifier', async () => {
    const errors = await zoneErrors('src/server/probe.ts', "import { articleText } from '../web/features/articles/lib/article-text.js';\nexport const probe = articleText;\n");
    expect(errors).toEqual([expect.stringContaining('the server never imports the web')]);
  });

  it('refuses the web importing the server, a feature importing another feature or app, through aliases too', async () => {
    const errors = await zoneErrors(
      'src/web/features/articles/probe.ts',
      [
        "import { SESSION_COOKIE } from '../../../server/http/session.js';",
        "import * as channels from '@/features/channels/api/channels';",
        "import * as layout from '@/app/layout/root-layout';",
        'export const probe = [SESSION_COOKIE, channels, layout];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('the web never imports the server'),
      expect.stringContaining('features do not import each other'),
      expect.stringContaining('features never import app'),
    ]);
  });

  it('lets a feature use the contract and shared UI', async () => {
    const errors = await zoneErrors(
      'src/web/features/articles/probe.ts',
      "import { LIMITS } from '@contract/limits';\nimport { Button } from '@/components/ui/button';\nexport const probe = [LIMITS, Button];\n",
    );
    expect(errors).toEqual([]);
  });

  describe('on the server', () => {
    it('keeps db/, lib/ and http/ free of features, and lib/ free of the HTTP layer', async () => {
      expect(await zoneErrors('src/server/db/probe.ts', "import { createUsersRepository } from '../features/users/users.repository.js';\nexport const probe = createUsersRepository;\n")).toEqual([
        expect.stringContaining('db/ imports no feature'),
      ]);
      expect(await zoneErrors('src/server/lib/probe.ts', "import { SESSION_COOKIE } from '../http/session.js';\nexport const probe = SESSION_COOKIE;\n")).toEqual([
        expect.stringContaining('lib/ imports no feature, HTTP or database code'),
      ]);
      expect(await zoneErrors('src/server/http/probe.ts', "import { createSessionsService } from '../features/auth/sessions.service.js';\nexport const probe = createSessionsService;\n")).toEqual([
        expect.stringContaining('http/ imports no feature'),
      ]);
    });

    it("lets a feature reach another only through its service or repository", async () => {
      expect(await zoneErrors('src/server/features/email/probe.ts', "import { hashPassword } from '../auth/passwords.js';\nexport const probe = hashPassword;\n")).toEqual([
        expect.stringContaining('a feature reaches another only through its service or repository'),
      ]);
      expect(
        await zoneErrors(
          'src/server/features/email/probe.ts',
          "import { hashPassword } from '../auth/auth.service.js';\nimport { createUsersRepository } from '../users/users.repository.js';\nimport { emailKey } from './outbox.repository.js';\nexport const probe = [hashPassword, createUsersRepository, emailKey];\n",
        ),
      ).toEqual([]);
    });

    it('keeps the HTTP layer out of services and repositories, not out of routes', async () => {
      const code = "import { requireUser } from '../../http/session.js';\nexport const probe = requireUser;\n";
      expect(await zoneErrors('src/server/features/articles/probe.service.ts', code)).toEqual([expect.stringContaining('services and repositories never import the HTTP layer')]);
      expect(await zoneErrors('src/server/features/articles/probe.repository.ts', code)).toEqual([expect.stringContaining('services and repositories never import the HTTP layer')]);
      expect(await zoneErrors('src/server/features/articles/probe.routes.ts', code)).toEqual([]);
    });

    it('refuses an import cycle', async () => {
      // db/database.ts imports word-pairs.ts: word-pairs importing database back closes a loop.
      const cycle = await errorsOf('import-x/no-cycle', 'src/server/db/word-pairs.ts', "import { createDatabase } from './database.js';\nexport const probe = createDatabase;\n");
      expect(cycle).toEqual([expect.stringContaining('Dependency cycle')]);
    });
  });
});
