import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import fs from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The import zones: contract imports only zod; server and web
 * never import each other; inside web, shared folders feed features, features feed app, and
 * features do not import each other. Inside the server, db/, lib/ and http/ import no feature,
 * a feature reaches another only through its service or repository, and services and
 * repositories never import the HTTP layer (their routes do).
 */
const webFeatures = fs.readdirSync('src/web/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const serverFeatures = fs.readdirSync('src/server/features', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const serverFeaturesRoot = path.resolve('src/server/features');

/**
 * The zones only hold for imports the resolver finds: TypeScript sources imported with a `.js`
 * specifier (the server's NodeNext style) and the web's `@/` and `@contract/` aliases must resolve
 * to their files, or an import across a zone goes unnoticed.
 */
const resolver = createNodeResolver({
  extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
  extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
  alias: { '@contract': [path.resolve('src/contract')], '@': [path.resolve('src/web')] },
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'bench/results/**', 'bench/data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
      // no-cycle follows imports through the files it reads: it must be able to parse TypeScript.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/contract', from: './src/server', message: 'contract imports only zod' },
            { target: './src/contract', from: './src/web', message: 'contract imports only zod' },
            { target: './src/server', from: './src/web', message: 'the server never imports the web' },
            { target: './src/web', from: './src/server', message: 'the web never imports the server' },
            ...webFeatures.map((feature) => ({
              target: `./src/web/features/${feature}`,
              from: './src/web/features',
              except: [`./${feature}`],
              message: 'features do not import each other; compose them in app/',
            })),
            { target: './src/web/features', from: './src/web/app', message: 'features never import app' },
            { target: './src/web/components', from: ['./src/web/features', './src/web/app'], message: 'shared UI imports no feature' },
            { target: './src/web/lib', from: ['./src/web/features', './src/web/app'], message: 'lib imports no feature' },
            { target: './src/server/db', from: ['./src/server/features', './src/server/http', './src/server/app.ts'], message: 'db/ imports no feature and no HTTP code' },
            { target: './src/server/lib', from: ['./src/server/features', './src/server/http', './src/server/db', './src/server/app.ts'], message: 'lib/ imports no feature, HTTP or database code' },
            { target: './src/server/http', from: ['./src/server/features', './src/server/app.ts'], message: 'http/ imports no feature; app.ts hands it what it needs' },
            ...serverFeatures.map((feature) => ({
              target: `./src/server/features/${feature}`,
              from: `${serverFeaturesRoot}/**`,
              except: [`${serverFeaturesRoot}/${feature}/**`, '**/*.service.ts', '**/*.repository.ts'],
              message: "a feature reaches another only through its service or repository",
            })),
            {
              target: ['./src/server/features/**/*.service.ts', './src/server/features/**/*.repository.ts'],
              from: './src/server/http',
              message: 'services and repositories never import the HTTP layer; their routes do',
            },
          ],
        },
      ],
    },
  },
  {
    // No module of the server, the web or the contract imports itself back through others
    // (type-only imports aside): a cycle makes the order of evaluation decide what is defined.
    files: ['src/server/**/*.{ts,tsx}', 'src/web/**/*.{ts,tsx}', 'src/contract/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // The articles wing stays in parts a reader can hold: a file past 400 lines of code is a part
    // that wants splitting (docs/decisions/047-the-articles-wing-in-four-parts.md).
    files: ['articles', 'drafts', 'revisions', 'workflow'].flatMap((part) => [`src/server/features/${part}/**/*.{ts,tsx}`, `src/web/features/${part}/**/*.{ts,tsx}`]),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Libraries as they ship (docs/decisions/023): no export a library marks unstable by name.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['*'], importNamePattern: '^UNSAFE_', message: 'use the library as documented (decision 023)' }] },
      ],
    },
  },
);
