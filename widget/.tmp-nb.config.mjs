import base from './vite.config.ts'
import { sizeBudget } from './build/size-budget.ts'
export default { ...base, plugins: [...base.plugins.filter((p) => p.name !== 'chatbot-widget:size-budget'), sizeBudget('widget.js', 100000)], build: { ...base.build, outDir: '/tmp/cetest/dist' } }
