export interface RenderSnapshotOptions {
  /** The channel whose widget may read the region. */
  channel: string
}

declare module '@chatbot-kit/kernel' {
  interface ChatbotServices {
    /** Marks server-rendered html for the widget's `page-snapshot` extractor (provided by the extractors plugin). */
    renderSnapshot: (html: string, options: RenderSnapshotOptions) => string
  }
}
