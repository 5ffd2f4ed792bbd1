/**
 * The whole vocabulary of a rendered reply. The renderer maps each type to one fixed tag, so
 * model text can never name a tag or an attribute of its own.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  /** `href` has passed `safeHref`: an absolute http, https or mailto URL. */
  | { type: 'link'; href: string; children: Inline[] }
  | { type: 'break' }

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'code_block'; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Block[][] }

/** Past this depth, nested markup is kept as plain text: hostile input cannot exhaust the stack. */
export const MAX_DEPTH = 12
