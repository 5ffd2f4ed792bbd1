// `@chatbot-kit/widget/markdown`: the widget's Markdown, also rendering replies in the console's
// transcripts (aliased to this source by the console's build: one parser, one set of vetted links).
export { parseMarkdown } from './blocks.js'
export { renderBlocks } from './render.js'
