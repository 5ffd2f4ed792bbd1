import { readdir, readFile, stat } from 'node:fs/promises'
import { relative, resolve, sep } from 'node:path'
import { ChatbotKnowledgeDocumentException } from '../errors.js'
import { documentUrl } from '../ingest/document-url.js'
import { formatOfPath } from '../ingest/parse-document.js'
import type { FilesSource } from './source-config.js'
import { createPathFilter } from './globs.js'
import type { SourceListing } from './source-document.js'

/** Every supported file under the folder (recursively) that the globs keep, by relative POSIX path. */
export async function listFiles(source: FilesSource, options: { cwd: string; maxDocumentBytes: number }): Promise<SourceListing> {
  const root = resolve(options.cwd, source.path)
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    throw new ChatbotKnowledgeDocumentException(`The folder ${source.path} cannot be read: ${(error as Error).message}`, error)
  })
  const keep = createPathFilter(source.include, source.exclude)
  const documents = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, resolve(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((path) => formatOfPath(path) !== undefined && keep(path))
    .sort()
    .map((path) => ({
      document: path,
      url: documentUrl(source.baseUrl, path),
      async read() {
        const file = resolve(root, path)
        const { size } = await stat(file)
        if (size > options.maxDocumentBytes) throw new ChatbotKnowledgeDocumentException(`${size} bytes, over knowledge.maxDocumentBytes (${options.maxDocumentBytes})`)
        return { bytes: new Uint8Array(await readFile(file)), format: formatOfPath(path)! }
      },
    }))
  return { documents, failures: [], complete: true }
}
