/**
 * A project's brand facts (Setup → Brand facts): short statements with an optional source URL, the
 * sheet the fact-check judge compares the models' claims with. Pure: the zod schemas of the sheet and of its CSV
 * import, shared by the setup screen and the server.
 */
import Papa from 'papaparse'
import { z } from 'zod'
import { list, text } from '../validation'

/** At most this many facts per project: the judge reads them all with every answer, so the prompt stays small. */
export const MAX_FACTS = 60
export const FACT_STATEMENT_MAX = 300
export const FACT_URL_MAX = 2000
/** A CSV file larger than this is refused before it is parsed. */
export const FACTS_CSV_MAX_CHARS = 200_000

export interface BrandFact {
  id: number
  statement: string
  sourceUrl: string | null
}

/** An http(s) URL, or empty / missing for none. */
const sourceUrl = text('Source URL', FACT_URL_MAX)
  .optional()
  .nullable()
  .transform((u) => u || null)
  .refine((u) => u === null || isHttpUrl(u), 'Source URL must be an http or https address')

function isHttpUrl(u: string): boolean {
  try {
    const url = new URL(u)
    return url.protocol === 'https:' || url.protocol === 'http:'
  } catch {
    return false
  }
}

export const factInputSchema = z.object({
  statement: text('Fact', FACT_STATEMENT_MAX, { required: 'Fact is required', collapse: true }),
  sourceUrl,
})
export type FactInput = z.infer<typeof factInputSchema>

/** PUT-like save of the whole sheet: the facts in the order shown. */
export const factsSheetSchema = z.object({
  facts: list('facts', factInputSchema).max(MAX_FACTS, `facts: at most ${MAX_FACTS} per project`),
})

/** CSV import: the file's text; `replace` drops the current facts first (else the rows are added). */
export const factsImportSchema = z.object({
  csv: z.string({ error: 'csv must be text' }).min(1, 'csv is required').max(FACTS_CSV_MAX_CHARS, `csv must be at most ${FACTS_CSV_MAX_CHARS} characters`),
  replace: z.boolean({ error: 'replace must be true or false' }).optional().default(false),
})

const STATEMENT_HEADERS = ['statement', 'fact', 'facts', 'aussage', 'fakt', 'fait', 'hecho', 'text']
const URL_HEADERS = ['source', 'source url', 'source_url', 'sourceurl', 'url', 'quelle', 'link']

export interface CsvImport {
  facts: FactInput[]
  /** One line per refused row: "Row 3: Fact is required". */
  errors: string[]
}

/**
 * The facts of a CSV file: a header row naming a statement column (statement, fact …) and optionally a source
 * column (source, url …); without a known header, the first column is the statement and the second the URL.
 * Comma, semicolon or tab separated (papaparse detects which). Blank rows are skipped; a bad row is reported, not imported.
 */
export function parseFactsCsv(csv: string): CsvImport {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.some((c) => c.trim() !== ''))
  if (!rows.length) return { facts: [], errors: ['The file has no rows'] }
  const head = rows[0].map((c) => c.trim().toLowerCase())
  let statementAt = head.findIndex((h) => STATEMENT_HEADERS.includes(h))
  let urlAt = head.findIndex((h) => URL_HEADERS.includes(h))
  const hasHeader = statementAt >= 0
  if (!hasHeader) {
    statementAt = 0
    urlAt = rows[0].length > 1 ? 1 : -1
  }
  const facts: FactInput[] = []
  const errors: string[] = []
  rows.slice(hasHeader ? 1 : 0).forEach((row, i) => {
    const line = i + (hasHeader ? 2 : 1)
    const r = factInputSchema.safeParse({ statement: row[statementAt] ?? '', sourceUrl: urlAt >= 0 ? (row[urlAt] ?? '') : null })
    if (r.success) facts.push(r.data)
    else errors.push(`Row ${line}: ${r.error.issues[0]?.message ?? 'not a fact'}`)
  })
  return { facts, errors }
}
