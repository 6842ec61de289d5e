/** The inputs of agent analytics: the confirmed format of an upload, a pushed batch's id, the view's range. Pure. */
import { z } from 'zod'
import { LOG_FORMATS } from './formats'

const column = z.string().trim().min(1).max(100)

export const csvMappingSchema = z.object({
  time: column, ip: column, path: column, status: column, userAgent: column,
  method: column.optional(), referer: column.optional(), host: column.optional(),
})

/** What the user confirmed about a file: the format (detected when absent) and, for CSV, the column mapping. */
export const uploadOptionsSchema = z.object({
  format: z.enum(LOG_FORMATS).optional(),
  csv: csvMappingSchema.optional(),
  fileName: z.string().max(200).optional(),
})
export type UploadOptions = z.infer<typeof uploadOptionsSchema>

/** A pushed batch's id: what makes a retried batch a no-op. */
export const batchIdSchema = z.string().trim().min(1, 'batch id is required (header Idempotency-Key or X-Batch-Id)').max(200).regex(/^[\w.:-]+$/, 'batch id may hold letters, digits, . _ : - only')

export const RANGE_DAYS = ['7', '30', '90', '365'] as const
export const viewQuerySchema = z.object({ days: z.enum(RANGE_DAYS).default('30').transform(Number) })

/** Upload and push limits. */
export const UPLOAD_MAX_BYTES = 2 * 1024 ** 3
export const API_UPLOAD_MAX_BYTES = 20 * 1024 ** 2
export const PUSH_MAX_BYTES = 5 * 1024 ** 2
/** A chunk is one activity and one transaction: 1 GB is 256 of them. */
export const CHUNK_BYTES = 4 * 1024 ** 2
