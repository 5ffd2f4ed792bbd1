import { availableParallelism } from 'node:os'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import projects from './vitest.workspace.js'

const src = (path: string) => fileURLToPath(new URL(path, import.meta.url))

// Tests run against the TypeScript sources of the workspace packages, not their build output.
export default defineConfig({
  resolve: {
    alias: [
      { find: /^@chatbot-kit\/kernel$/, replacement: src('packages/kernel/src/index.ts') },
      { find: /^@chatbot-kit\/provider$/, replacement: src('packages/provider/src/index.ts') },
      { find: /^@chatbot-kit\/stores$/, replacement: src('packages/stores/src/index.ts') },
      { find: /^@chatbot-kit\/http$/, replacement: src('packages/http/src/index.ts') },
      { find: /^@chatbot-kit\/widget\/stream$/, replacement: src('widget/src/stream/index.ts') },
      { find: /^@chatbot-kit\/kernel\/uuid$/, replacement: src('packages/kernel/src/text/uuid.ts') },
      { find: /^@chatbot-kit\/kernel\/plugin$/, replacement: src('packages/kernel/src/for-plugins.ts') },
      { find: /^@chatbot-kit\/admin$/, replacement: src('packages/admin/src/index.ts') },
      { find: /^@chatbot-kit\/admin\/plugin$/, replacement: src('packages/admin/src/plugin.ts') },
      { find: /^@chatbot-kit\/admin\/queries$/, replacement: src('packages/admin/src/queries/index.ts') },
      { find: /^@chatbot-kit\/admin\/procedures$/, replacement: src('packages/admin/src/procedures.ts') },
      { find: /^@chatbot-kit\/demo-provider$/, replacement: src('packages/demo-provider/src/index.ts') },
      { find: /^@chatbot-kit\/test-utils$/, replacement: src('packages/test-utils/src/index.ts') },
      { find: /^@chatbot-kit\/plugin-([a-z-]+)$/, replacement: src('plugins/$1/src/index.ts') },
      { find: /^chatbot-kit$/, replacement: src('packages/chatbot/src/index.ts') },
      { find: /^chatbot-kit\/admin$/, replacement: src('packages/chatbot/src/admin/index.ts') },
      { find: /^chatbot-kit\/plugin$/, replacement: src('packages/chatbot/src/plugin.ts') },
    ],
  },
  test: {
    projects,
    reporters: ['default', './scripts/plain-summary-reporter.ts'],
    // Two files at once on a 2-core machine too (vitest's default leaves a core idle there): most
    // suites wait on servers, browsers, npm and the databases more than they compute, and each
    // gets its own SQLite file, Postgres schema and Redis key space (packages/test-utils).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
