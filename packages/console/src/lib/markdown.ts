import { parseMarkdown, renderBlocks } from '@chatbot-kit/widget/markdown'

/**
 * A Svelte attachment showing `source` as the widget shows a reply: the widget's parser and
 * renderer, which build elements and text nodes only (no HTML parser, links vetted), so a
 * reply's Markdown reads as the user saw it and its markup never runs.
 */
export const markdown = (source: string) => (node: HTMLElement) => {
  node.replaceChildren(...renderBlocks(parseMarkdown(source), document))
}
