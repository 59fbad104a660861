// Lint and the layer arrows of DESIGN.md, run by `npm test` (npm run lint). The layer rules are
// import restrictions per folder, so a change that breaks an arrow fails here, not in review.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const CORE = ['engine', 'flows', 'agents', 'llm', 'runners', 'problems', 'session'];

/** An import specifier that climbs out of the folder into one of `dirs`. */
const into = (dirs) => `^(\\.\\./)+(${dirs.join('|')})(/|$)`;

/** The core never draws: no React, no Ink, nothing from the layers above it. */
const coreRule = {
  patterns: [
    { regex: '^(react|react-dom|ink)(/|$)|^ink-', message: 'core folders never import React or Ink: every flow runs headless.' },
    { regex: into(['screens', 'components', 'app', 'commands']), message: 'core folders import downward only (DESIGN.md layers).' },
  ],
};

/** Node's file system and processes, which only the layers below the screens touch. */
const nodeIo = { regex: '^(node:)?(fs|fs/promises|child_process)$', message: 'screens and components never touch the file system or processes; ask the app controller.' };

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.dist-*/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Unused names are errors, except the `_`-prefixed ones kept for a signature's shape.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `any` needs a comment saying why (see COMMON.md); the comment is the eslint-disable line.
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: CORE.map((d) => `src/${d}/**/*.{ts,tsx}`),
    rules: { '@typescript-eslint/no-restricted-imports': ['error', coreRule] },
  },
  {
    files: ['src/screens/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeIo,
            { regex: into(['llm', 'runners', 'commands']), message: 'screens never call a backend or a runner: they render state and send decisions back.' },
            // The app layer's faces (controller, view) are types here; the app mounts the screens.
            { regex: into(['app']), allowTypeImports: true, message: 'screens take the app controller as a prop: type imports only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            nodeIo,
            { regex: into(['llm', 'runners', 'agents']), allowTypeImports: true, message: 'components draw values; the shapes they read are types only.' },
            { regex: into(['screens', 'app', 'commands']), message: 'components import downward only (DESIGN.md layers).' },
          ],
        },
      ],
    },
  },
);
