import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import zones of DESIGN.md section 6, as ESLint enforces them (eslint.config.js). Each probe
 * is linted as if it lived at `filePath`; an import the resolver could not find would pass silently,
 * so every probe imports a file that exists.
 */
describe('import zones', () => {
  const eslint = new ESLint();
  const zoneErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
  };

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
});
