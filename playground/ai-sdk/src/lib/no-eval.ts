import { z } from 'zod'

// The AI SDK validates stream chunks with zod, and zod 4 probes once whether it may compile
// validators with `Function()`. Under the page's CSP (no 'unsafe-eval') the probe fails safely
// but is still reported as a violation; jitless mode never probes.
z.config({ jitless: true })
