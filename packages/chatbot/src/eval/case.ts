/** What a golden case expects of the turn; every field is optional, and each one set is checked. */
export interface EvalExpectations {
  /** URL or title substrings that must each be among the offered sources. */
  sources?: string[]
  /** Whether the reply cites an offered source with `[n]`. */
  cites?: boolean
  /** Text the reply must contain (case-insensitive). */
  contains?: string[]
  /** Text the reply must not contain (case-insensitive). */
  notContains?: string[]
  /** Tools the turn must call (started, or asked the user's approval for). */
  tools?: string[]
  /** Whether the turn is a knowledge gap: its channel searched and nothing scored `minScore`. */
  gap?: boolean
}

/** One golden case, as written in a case file. */
export interface EvalCaseInput {
  name?: string
  question: string
  channel?: string
  user?: string
  expect: EvalExpectations
}

/** A case ready to run: where it was written, and the name it is reported under. */
export interface EvalCase extends EvalCaseInput {
  /** The file, relative to the working directory. */
  file: string
  /** Its place in the file, from 0. */
  index: number
  /** `name`, or the question when it has none. */
  title: string
}
