import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test-support/test-app.js';

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

function operationsOf(document: OpenApiDocument): { name: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([url, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${url}`, operation })),
  );
}

describe('the OpenAPI document at /api/openapi.json', () => {
  const t = useTestApp('sqlite');

  async function fetchDocument(): Promise<{ source: string; document: OpenApiDocument }> {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    return { source: response.body, document: response.json() as OpenApiDocument };
  }

  it('names every operation once, in camelCase, with a summary, tags and its 2xx and 4xx answers', async () => {
    const { document } = await fetchDocument();
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const unnamed = operations.filter(({ operation }) => !/^[a-z][a-zA-Z0-9]*$/.test(operation.operationId ?? ''));
    expect(unnamed.map(({ name }) => name), 'operations without a camelCase operationId').toEqual([]);
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index), 'operationIds used twice').toEqual([]);
    for (const { name, operation } of operations) {
      expect(operation.summary, name).toBeTruthy();
      expect(operation.tags?.length, name).toBeGreaterThan(0);
      const codes = Object.keys(operation.responses);
      // Google sign-in only ever redirects the browser.
      expect(codes.some((code) => /^2\d\d$/.test(code) || (/^3\d\d$/.test(code) && name.includes('/api/auth/google'))), name).toBe(true);
      expect(codes.some((code) => /^4\d\d$/.test(code)), name).toBe(true);
    }
    expect(document.paths['/api/articles/{id}']?.get?.operationId).toBe('getArticle');
    expect(document.paths['/api/articles']?.get?.operationId).toBe('listArticles');
    expect(document.paths['/api/articles/{id}/comments']?.post?.operationId).toBe('createComment');
  });

  it('answers 4xx with the contract’s one error shape', async () => {
    const { document } = await fetchDocument();
    expect(document.components.schemas?.Error).toEqual({
      type: 'object',
      properties: { error: { type: 'string' } },
      required: ['error'],
      additionalProperties: false,
    });
    for (const { name, operation } of operationsOf(document)) {
      for (const [code, answer] of Object.entries(operation.responses)) {
        if (!code.startsWith('4')) continue;
        const schema = (answer as { content?: Record<string, { schema?: { $ref?: string } }> }).content?.['application/json']?.schema;
        // A save conflict is the error shape plus the newer save's time.
        expect(['#/components/schemas/Error', '#/components/schemas/SaveConflict'], `${name} ${code}`).toContain(schema?.$ref);
      }
    }
  });

  it('declares the session cookie, and every operation says whether it needs it', async () => {
    const { document } = await fetchDocument();
    expect(document.components.securitySchemes).toEqual({
      session: { type: 'apiKey', in: 'cookie', name: 'broadsheet_session', description: expect.any(String) },
      webhookToken: { type: 'http', scheme: 'bearer', description: expect.any(String) },
    });
    const required = [{ session: [] }];
    const optional = [{}, { session: [] }];
    for (const { name, operation } of operationsOf(document)) {
      if (name === 'POST /api/email/events') expect(operation.security, name).toEqual([{ webhookToken: [] }]);
      else expect([required, optional], name).toContainEqual(operation.security);
      // A route that needs a session says what a signed-out caller gets.
      if (JSON.stringify(operation.security) === JSON.stringify(required)) expect(operation.responses, name).toHaveProperty('401');
    }
    expect(document.paths['/api/user']?.get?.security).toEqual(required);
    expect(document.paths['/api/articles/{id}']?.get?.security).toEqual(optional);
  });

  it('describes the JSON API only, with no component it does not use', async () => {
    const { source, document } = await fetchDocument();
    expect(Object.keys(document.paths).filter((url) => !url.startsWith('/api/'))).toEqual([]);
    for (const name of Object.keys(document.components.schemas ?? {})) {
      expect(source, `component ${name} is never referenced`).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it('lints with no errors under Redocly’s recommended rules, and only the warnings explained here', async () => {
    const { source } = await fetchDocument();
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended'] }) });
    const found = (severity: string) =>
      problems.filter((problem) => problem.severity === severity).map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(found('error')).toEqual([]);
    expect(found('warn').sort()).toEqual(
      [
        // Broadsheet states no licence for its API.
        'info-license #/info: Info object should contain `license` field.',
        // The tests' PUBLIC_URL is http://localhost:3000; a deployed site's document names its own address.
        'no-server-example.com #/servers/0/url: Server `url` should not point to example.com or localhost.',
        // Google sign-in answers only with redirects, to the issuer and back to the site.
        'operation-2xx-response #/paths/~1api~1auth~1google/get/responses: Operation must have at least one `2XX` response.',
        'operation-2xx-response #/paths/~1api~1auth~1google~1callback/get/responses: Operation must have at least one `2XX` response.',
      ].sort(),
    );
  });

  it('generates TypeScript types with openapi-typescript that a client compiles against', async () => {
    const { document } = await fetchDocument();
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'broadsheet-openapi-'));
    try {
      const types = astToString(await openapiTS(document as never));
      fs.writeFileSync(path.join(directory, 'broadsheet.d.ts'), types);
      // What a client writes with the generated types: answers looked up by operationId.
      fs.writeFileSync(
        path.join(directory, 'client.ts'),
        [
          "import type { components, operations, paths } from './broadsheet';",
          "type Article = operations['getArticle']['responses'][200]['content']['application/json'];",
          "type NewComment = operations['createComment']['requestBody'];",
          "export const title = (article: Article): string => article.title;",
          "export const sameArticle: components['schemas']['Article'] extends Article ? true : false = true;",
          "export const feedPath: keyof paths = '/api/articles';",
          'export type { NewComment };',
        ].join('\n'),
      );
      const program = ts.createProgram([path.join(directory, 'client.ts')], {
        strict: true,
        noUncheckedIndexedAccess: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2023,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      });
      const diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      expect(diagnostics).toEqual([]);
      expect(types).toContain('getArticle: {');
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
