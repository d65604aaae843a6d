import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const WEB = './apps/web/src';
const SERVER = './apps/server/src';

/**
 * Web: `app/` composes features, features never import each other or `app/`, and `shared/` and
 * `config/` import no feature (bulletproof-react's unidirectional layout).
 */
const webFeatures = dirs(`${WEB}/features`);
const webZones = [
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature: move the shared piece to shared/ (or compose both in app/).',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features never import app/: app/ composes them.' },
  { target: [`${WEB}/shared`, `${WEB}/config`], from: [`${WEB}/features`, `${WEB}/app`], message: 'shared/ and config/ sit below features and app/.' },
];

/**
 * Server layers, bottom up: lib and db → plugins (cross-cutting, domain-free) → modules → app.ts.
 * A module imports another module only through its public entry, `modules/<m>/index.ts`;
 * `modules/shared` (presenters, column lists and queries several modules use) is open to all.
 */
const serverModules = dirs(`${SERVER}/modules`).filter((m) => m !== 'shared');
const serverZones = [
  { target: `${SERVER}/plugins`, from: `${SERVER}/modules`, message: 'Plugins never import modules: app.ts wires a module into a plugin.' },
  { target: [`${SERVER}/lib`, `${SERVER}/db`], from: [`${SERVER}/modules`, `${SERVER}/plugins`], message: 'lib/ and db/ sit below plugins and modules.' },
  { target: `${SERVER}/modules/shared`, from: `${SERVER}/modules`, except: ['./shared'], message: 'modules/shared sits below the modules.' },
  {
    target: `${SERVER}/modules`,
    from: [`${SERVER}/app.ts`, `${SERVER}/server.ts`, `${SERVER}/startup.ts`, `${SERVER}/seed`, `${SERVER}/seed-cli.ts`],
    message: 'Modules never import the app, the server or the seed.',
  },
  ...serverModules.map((module) => ({
    target: [...serverModules.filter((m) => m !== module), 'shared'].map((m) => `${SERVER}/modules/${m}`),
    from: `${SERVER}/modules/${module}`,
    except: [`./index.ts`],
    message: `Import modules/${module} through its public entry, modules/${module}/index.ts.`,
  })),
];

export default tseslint.config(
  { ignores: ['**/*.tmp.*', '**/dist/**', '**/dist-ssr/**', '**/.test-dist/**', 'apps/server/media/**', '**/node_modules/**', 'data/**', '.tmp/**', 'apps/server/drizzle/**', 'e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Import zones. Type-only imports count too: a boundary is about what a file knows. Import
    // cycles are found by scripts/check-cycles.mjs (run by `npm run lint`): import/no-cycle cost
    // about 15 CPU-seconds a run for the same answer (decision record 0029).
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      // Relative imports resolve by file (the server writes `.ts`, the web leaves it out); the
      // workspace packages stay unresolved, which these rules ignore: the zones are about files.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] } },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Never parse installed packages (pglite's bundle alone is huge).
      'import/ignore': ['node_modules'],
    },
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...webZones, ...serverZones] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['apps/web/src/**/*.tsx'] },
  {
    // zod stays out of the browser bundle (decision 0002): values only from the zod-free modules.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@medportal/contract', allowTypeImports: true, message: 'Values come from the zod-free @medportal/contract/{routes,codes,constants,format}.' }],
          patterns: [
            {
              regex: '^@medportal/contract/(?!(routes|codes|constants|format)$)',
              allowTypeImports: true,
              message: 'Values come from the zod-free @medportal/contract/{routes,codes,constants,format}.',
            },
            { group: ['zod', 'zod/*'], allowTypeImports: true, message: 'The web app does not ship zod (decision 0002).' },
          ],
        },
      ],
    },
  },
  { files: ['scripts/**', 'e2e/**', '**/*.config.*', 'apps/server/build.mjs', 'apps/server/src/seed-cli.ts'], rules: { 'no-console': 'off' } },
);
