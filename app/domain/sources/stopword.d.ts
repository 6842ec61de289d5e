/** The stopword package (v3) ships no types: each list is an exported array named by an ISO 639-3 code (eng, deu, ...). */
declare module 'stopword' {
  export const eng: string[]
  export const deu: string[]
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[]
}
