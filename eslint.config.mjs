import { readdirSync } from 'node:fs';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier/flat';
import importHelpers from 'eslint-plugin-import-helpers';
import reactHooks from 'eslint-plugin-react-hooks';

/** Test code (specs and test folders) may also import `type:testing` projects; production code may not. */
const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/test/**'];

/** The web app's features: each folder of `apps/web/src/app/`. */
const WEB_FEATURES = readdirSync(new URL('apps/web/src/app/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Which tagged projects a project may import; `testing` says whether the importing file is test code. */
function moduleBoundaries({ testing }) {
  const libs = testing ? ['type:lib', 'type:testing'] : ['type:lib'];
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow: [],
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: libs },
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: libs },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
        { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:testing'] },
        { sourceTag: 'scope:pure', onlyDependOnLibsWithTags: ['scope:pure'] },
        { sourceTag: 'scope:browser', notDependOnLibsWithTags: ['scope:runtime'] },
      ],
    },
  ];
}

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: ['**/dist', '**/node_modules', '**/.nx', '**/tmp', '**/data', '**/coverage'],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ testing: false }),
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Imports in three groups (CONTRIBUTING.md, "Code and tests"): packages (Node's included), then
  // the workspace's libs, then relative paths; the order within a group is free. `eslint --fix` sorts them.
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs', '**/*.cjs'],
    plugins: { 'import-helpers': importHelpers },
    rules: {
      'import-helpers/order-imports': [
        'error',
        {
          groups: ['module', '/^@eventcast\\//', ['parent', 'sibling', 'index']],
          newlinesBetween: 'ignore',
          alphabetize: { order: 'ignore' },
        },
      ],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ testing: true }),
    },
  },
  {
    files: ['**/jest.config.js', 'jest.preset.js', 'tools/**/*.mjs', 'tools/**/*.js'],
    rules: {
      '@nx/enforce-module-boundaries': 'off',
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  // Layers inside an app (CONTRIBUTING.md, "Layers"): `app/` holds the services and their ports,
  // `infra/` the adapters; only the module that wires adapters to ports imports `infra/`. Tests may
  // use a real adapter as their fake.
  {
    files: ['apps/*/src/app/**/*.ts'],
    ignores: ['apps/*/src/app/app.module.ts', ...TEST_FILES],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/infra', '**/infra/**'],
              message:
                'app/ depends on ports only; wire an adapter to its port in app.module.ts (CONTRIBUTING.md, "Layers").',
            },
          ],
        },
      ],
    },
  },
  // The web app's hooks (docs/web.md, "Code"): hooks are called at the top of a component or hook,
  // and an effect, memo or callback names every value it reads, so none runs on a stale one.
  {
    files: ['apps/web/src/**/*.ts', 'apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The web app's layers (docs/web.md, "Code"): a feature (a folder of `app/`) imports no other
  // feature; what two features share lives in `common/` (or `ui/`, `services/`), which import no
  // feature; the app shell (`app/*.tsx`) puts features together on a page.
  ...WEB_FEATURES.map((feature) => ({
    files: [`apps/web/src/app/${feature}/**/*.ts`, `apps/web/src/app/${feature}/**/*.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: WEB_FEATURES.filter((other) => other !== feature).map((other) => ({
            group: [`**/app/${other}`, `**/app/${other}/**`, `../${other}`, `../${other}/**`],
            message: `A feature imports no other feature: move what ${feature}/ and ${other}/ share to src/common/ (docs/web.md, "Code").`,
          })),
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/{common,ui,services}/**/*.ts', 'apps/web/src/{common,ui,services}/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/app/*/**', ...WEB_FEATURES.map((feature) => `../app/${feature}`)],
              message: 'Shared code imports no feature: it sits below them (docs/web.md, "Code").',
            },
          ],
        },
      ],
    },
  },
  // Last: Prettier owns the layout, so no lint rule may argue with it.
  prettier,
];
