import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['**/dist/**', 'widget/lib/**', '**/node_modules/**', '**/.data/**', 'bench/results/**', '**/*.svelte'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The kernel's bundle carries Kysely; importing `kysely` itself at run time loads its ~260
    // unbundled files and cost `chatbot serve` ~100 ms of start-up. Take `sql` from the kernel.
    files: ['plugins/*/src/**/*.ts', 'packages/admin/src/**/*.ts', 'packages/chatbot/src/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: 'kysely', message: 'Import it from @chatbot-kit/kernel (sql, …); only `import type` from kysely here.', allowTypeImports: true }] }],
    },
  },
)
