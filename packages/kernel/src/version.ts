import { readFileSync } from 'node:fs'

// Read once at start-up; this file sits one level under the package root in both src/ and dist/.
export const packageVersion: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version
