// A generated docs folder for the knowledge scenario: `files` Markdown pages of `sections`
// headed sections each (one chunk per section), words drawn from a fixed pseudo-vocabulary by a
// seeded generator, so every run indexes the same text.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

function createRandom(seed) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

const SYLLABLES = ['ka', 'lo', 'mi', 'ne', 'ru', 'sa', 'ti', 'vo', 'ze', 'pa', 'do', 'gi', 'fu', 'he', 'ba', 'co', 'ly', 'wen', 'tor', 'ish']

export function writeCorpus(root, files, sections) {
  const random = createRandom(42)
  const pick = (list) => list[Math.floor(random() * list.length)]
  const vocabulary = Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => pick(SYLLABLES)).join(''))
  // Zipf-like: the first words come up far more often, as in real text.
  const word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)]
  const sentence = (n) => Array.from({ length: n }, word).join(' ')
  for (let file = 0; file < files; file++) {
    const dir = join(root, `topic-${file % 20}`)
    mkdirSync(dir, { recursive: true })
    const body = Array.from({ length: sections }, (_, s) => `## ${sentence(3)} ${s}\n\n${sentence(40)}. ${sentence(30)}.`).join('\n\n')
    writeFileSync(join(dir, `page-${file}.md`), `---\ntitle: ${sentence(4)}\n---\n\n${body}\n`)
  }
  return { question: () => `${word()} ${word()} ${word()}?` }
}
