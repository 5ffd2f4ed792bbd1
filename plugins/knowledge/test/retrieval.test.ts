import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Chatbot } from '@chatbot-kit/kernel'
import { describeEachDatabase, type CreatedDatabase } from '@chatbot-kit/test-utils'
import { DEFAULT_MIN_SCORE } from '../src/index.js'
import { QUESTIONS, type FixtureQuestion } from './fixtures/corpus.js'
import { writeCorpusFolder } from './fixtures/folder.js'
import { startKnowledge } from './setup.js'

// The labelled questions against the fixture help centre: the right document first, and the
// default minScore telling answerable questions from the others (docs/knowledge.md, "minScore").

interface Outcome {
  question: FixtureQuestion
  /** Documents of the ranked candidates, scores ignored. */
  ranked: string[]
  /** The best score among them. */
  best: number
}

const percent = (part: number, whole: number) => `${Math.round((part / whole) * 100)}%`

describeEachDatabase('knowledge retrieval', { label: 'the labelled questions' }, (target) => {
  let created: CreatedDatabase
  let folder: ReturnType<typeof writeCorpusFolder>
  let chatbot: Chatbot
  const outcomes: Outcome[] = []

  beforeAll(async () => {
    created = await target.create()
    folder = writeCorpusFolder()
    // minScore 0 and a large topK: every candidate, to measure ranking and choose the threshold.
    chatbot = await startKnowledge(created, { help: { type: 'files', path: folder.path } }, { knowledge: { minScore: 0, topK: 20, maxBytes: 100_000 } })
    await chatbot.syncKnowledge()
    for (const question of QUESTIONS) {
      const { results } = await chatbot.searchKnowledge(question.question)
      outcomes.push({ question, ranked: [...new Set(results.map((result) => result.document))], best: Math.max(0, ...results.map((result) => result.score)) })
    }
  })
  afterAll(async () => {
    await chatbot.close()
    await created.drop()
    folder.remove()
  })

  it('puts the right document first (recall@1 and recall@5 printed)', () => {
    const answerable = outcomes.filter((outcome) => outcome.question.answer !== null)
    for (const kind of ['worded', 'paraphrased'] as const) {
      const ofKind = answerable.filter((outcome) => outcome.question.kind === kind)
      const at = (k: number) => ofKind.filter((outcome) => outcome.ranked.slice(0, k).includes(outcome.question.answer!)).length
      console.log(`${target.name} ${kind}: recall@1 ${percent(at(1), ofKind.length)}, recall@5 ${percent(at(5), ofKind.length)} of ${ofKind.length}`)
    }
    const first = answerable.filter((outcome) => outcome.ranked[0] === outcome.question.answer)
    const five = answerable.filter((outcome) => outcome.ranked.slice(0, 5).includes(outcome.question.answer!))
    expect(first.length / answerable.length, answerable.filter((outcome) => !first.includes(outcome)).map((outcome) => `${outcome.question.question} → ${outcome.ranked[0]}`).join('; ')).toBeGreaterThanOrEqual(0.8)
    expect(five.length / answerable.length).toBeGreaterThanOrEqual(0.9)
  })

  it('with the default minScore, finds most answerable questions and records most unanswerable ones as gaps', () => {
    for (const threshold of [0.2, 0.25, 0.3, 0.35, 0.4, 0.5]) {
      const kept = outcomes.filter((outcome) => outcome.question.answer !== null && outcome.best >= threshold).length
      const gaps = outcomes.filter((outcome) => outcome.question.answer === null && outcome.best < threshold).length
      const answerable = outcomes.filter((outcome) => outcome.question.answer !== null).length
      console.log(`${target.name} minScore ${threshold}: answerable kept ${kept}/${answerable}, unanswerable caught ${gaps}/${outcomes.length - answerable}`)
    }
    console.log(`${target.name} best scores: ${outcomes.map((outcome) => `${outcome.question.answer === null ? '✗' : '✓'} ${outcome.best}`).join(', ')}`)
    const answerable = outcomes.filter((outcome) => outcome.question.answer !== null)
    const unanswerable = outcomes.filter((outcome) => outcome.question.answer === null)
    const kept = answerable.filter((outcome) => outcome.best >= DEFAULT_MIN_SCORE)
    const caught = unanswerable.filter((outcome) => outcome.best < DEFAULT_MIN_SCORE)
    expect(kept.length / answerable.length, answerable.filter((outcome) => !kept.includes(outcome)).map((outcome) => `${outcome.question.question} (${outcome.best})`).join('; ')).toBeGreaterThanOrEqual(0.85)
    expect(caught.length / unanswerable.length, unanswerable.filter((outcome) => !caught.includes(outcome)).map((outcome) => `${outcome.question.question} (${outcome.best})`).join('; ')).toBeGreaterThanOrEqual(0.7)
  })
})
