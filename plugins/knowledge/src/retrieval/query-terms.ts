/**
 * English stop words: the Snowball list Postgres' `english` configuration drops, so both
 * databases score a question on the same terms (SQLite's porter tokenizer keeps them).
 */
export const STOP_WORDS = new Set(
  `i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them their theirs themselves
  what which who whom this that these those am is are was were be been being have has had having do does did doing a an the and but if or because as until while
  of at by for with about against between into through during before after above below to from up down in out on off over under again further then once here there
  when where why how all any both each few more most other some such no nor not only own same so than too very s t can will just don should now
  d ll m o re ve y ain aren couldn didn doesn hadn hasn haven isn ma mightn mustn needn shan shouldn wasn weren won wouldn`.split(/\s+/),
)

/** Words of a text: letters and digits, lower-cased. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/** The distinct terms of a question that carry meaning: its words without stop words, at most 32. */
export const queryTerms = (question: string): string[] => [...new Set(wordsOf(question).filter((word) => !STOP_WORDS.has(word)))].slice(0, 32)

/** A question as gaps group it: lower case, words only, single spaces. */
export const normalizeQuestion = (question: string): string => wordsOf(question).join(' ')
