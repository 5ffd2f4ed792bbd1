/** The generated similarity-scan-bytes.ts, from similarity-scan.wat. */
export function compileSimilarityScan(): Promise<string>
