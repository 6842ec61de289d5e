/**
 * The one rule for text cells in every export (browser CSV, clipboard text, browser and server xlsx), after
 * OWASP's CSV-injection advice: brand names, queries and model answers are user or model supplied, so a text
 * cell that starts with = + - @ tab or CR gets a leading apostrophe and a spreadsheet shows it as text instead
 * of running it — also in an xlsx file, where a re-saved or edited cell would otherwise become a formula.
 * In CSV a field holding a separator of any locale (`,` or `;`), a quote or a line break is quoted, so a
 * program that splits on `;` never starts a new cell inside a name like `Acme;=1+1`. Numbers stay numbers. Pure.
 */
export type Cell = string | number | null

const FORMULA_START = /^[=+\-@\t\r]/

/** A text cell as it is written: a leading apostrophe when it starts like a formula. */
export function defuse(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/** A cell for an xlsx sheet: numbers and empty cells as they are, text defused. */
export function sheetCell(c: Cell | undefined): Cell {
  return typeof c === 'string' ? defuse(c) : c ?? null
}

/** Rows for an xlsx sheet (XLSX.utils.aoa_to_sheet). */
export const sheetRows = (rows: Cell[][]): Cell[][] => rows.map((row) => row.map(sheetCell))

function textCell(c: Cell | undefined): string {
  if (c === null || c === undefined) return ''
  return typeof c === 'number' ? String(c) : defuse(c)
}

/** RFC 4180 CSV (CRLF line ends); a field with `,` `;` a quote or a line break is quoted. */
export function toCsv(rows: Cell[][]): string {
  return rows
    .map((row) =>
      row
        .map((c) => {
          const s = textCell(c)
          return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
        })
        .join(','),
    )
    .join('\r\n')
}

/** Tab-separated text for the clipboard (tabs and line breaks inside cells become spaces). */
export function toTsv(rows: Cell[][]): string {
  return rows.map((row) => row.map((c) => textCell(c).replace(/[\t\r\n]+/g, ' ')).join('\t')).join('\n')
}
