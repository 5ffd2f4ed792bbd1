import { defineCommand, runMain } from 'citty'
import { packageVersion } from '@chatbot-kit/kernel'

const main = defineCommand({
  meta: { name: 'chatbot', version: packageVersion, description: 'Run, configure and operate a chatbot-kit assistant.' },
  subCommands: {
    dev: () => import('./commands/dev.js').then((module) => module.default),
    serve: () => import('./commands/serve.js').then((module) => module.default),
    install: () => import('./commands/install.js').then((module) => module.default),
    key: () => import('./commands/key.js').then((module) => module.default),
    migrate: () => import('./commands/migrate.js').then((module) => module.default),
    envelope: () => import('./commands/envelope.js').then((module) => module.default),
    conversations: () => import('./commands/conversations.js').then((module) => module.default),
    prune: () => import('./commands/prune.js').then((module) => module.default),
    knowledge: () => import('./commands/knowledge.js').then((module) => module.default),
    eval: () => import('./commands/eval.js').then((module) => module.default),
  },
})

void runMain(main)
