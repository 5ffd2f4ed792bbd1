// The widget's files as the build left them in widget/dist: widget.js, which every page with the
// chat button loads, and each part it loads lazily (handoff.js, attachments.js, any later one),
// found by listing the folder, so a new lazy chunk gets its row without a change here.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { ROOT } from './lib.mjs'

const DIST = join(ROOT, 'widget', 'dist')

/** `[{ name, bytes, gzipBytes }]`, widget.js first; gzip as served (the build's level-9 `.gz` copy). */
export function widgetFiles() {
  if (!existsSync(DIST)) return []
  return readdirSync(DIST)
    .filter((name) => name.endsWith('.js'))
    .sort((a, b) => (a === 'widget.js' ? -1 : b === 'widget.js' ? 1 : a.localeCompare(b)))
    .map((name) => {
      const file = readFileSync(join(DIST, name))
      const copy = join(DIST, `${name}.gz`)
      return { name, bytes: file.length, gzipBytes: existsSync(copy) ? readFileSync(copy).length : gzipSync(file, { level: 9 }).length }
    })
}
