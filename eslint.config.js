// typescript-eslint's recommended rules, the promise rules that need type information (a promise
// nobody awaits loses its error; not on the test files, below), and React's rules of hooks for the
// screens and components.
// Layout is Prettier's (npm run format): eslint-config-prettier, last, turns off every rule that
// would disagree with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier/flat';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What git ignores too (.gitignore): scripts/eslint-once.mjs keys its record by the files git sees.
  {
    ignores: [
      'dist/',
      'node_modules/',
      'fixtures/',
      'coverage/',
      '.tmp/',
      'test-output/',
      '.dist-build-*/',
      '.dist-old-*/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // A promise passed where a callback returns void is how Ink's handlers and EventEmitters are used.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
      // A leading underscore marks a parameter or element an interface asks for and this code ignores.
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // The test files themselves are linted without types: the promise rules' type checking of ~300 of
  // them was 12 s of `eslint .`'s ~67 s of CPU. Vitest covers most of what they caught there: it
  // awaits an assertion's `.resolves`/`.rejects` left unawaited before the test ends (and warns),
  // and an unhandled rejection fails the run. Given up: a floating promise in a test body that
  // settles after its test. src/, the test helpers, fakes and scripts keep every rule.
  { files: ['test/**/*.test.ts', 'test/**/*.test.tsx'], ...tseslint.configs.disableTypeChecked },
  {
    rules: {
      // A terminal app matches escape sequences and control characters on purpose.
      'no-control-regex': 'off',
      // Expected screen text has runs of spaces; `/a  b/` reads as the screen does.
      'no-regex-spaces': 'off',
    },
  },
  {
    files: ['src/components/**', 'src/screens/**', 'src/app/**', 'src/launch/**', 'test/ui/**'],
    ...reactHooks.configs.flat.recommended,
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      // Panes reset their view state in an effect when a new answer arrives: the keys read that
      // state from refs, which render may not write, so "adjust state during render" does not fit.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  prettier,
);
