/**
 * Schemas of the agent-analytics routes of /api/v1: upload logs, list uploads, the overview and the
 * page join. Same conventions as schemas.ts.
 */
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { LOG_FORMATS } from '../crawlers/formats'
import { BOT_CLASSES } from '../crawlers/bots'
import { RANGE_DAYS, csvMappingSchema } from '../crawlers/schemas'

extendZodWithOpenApi(z)

export const logUploadBody = z
  .object({
    content: z.string().min(1, 'content is required: the log text, or base64 when encoding is base64 (gzip allowed)').max(28 * 1024 ** 2, 'content is larger than 20 MB; upload larger files in the app'),
    encoding: z.enum(['text', 'base64']).default('text'),
    format: z.enum(LOG_FORMATS).optional(),
    csv: csvMappingSchema.optional(),
    fileName: z.string().max(200).optional(),
  })
  .openapi('LogUpload')

export const logUploadResult = z.object({ uploadId: z.number().int(), duplicate: z.boolean(), format: z.string() }).openapi('LogUploadResult')

const progress = z.object({
  status: z.enum(['running', 'completed', 'failed']), bytesDone: z.number(), bytesTotal: z.number(), chunksDone: z.number(), chunks: z.number(),
  lines: z.number(), badLines: z.number(), bytesPerSecond: z.number(),
})
export const logUploadsSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.number().int(), source: z.string(), fileName: z.string(), format: z.string(), status: z.string(), bytes: z.number(), lines: z.number(), badLines: z.number(),
        badExamples: z.array(z.object({ line: z.number(), text: z.string(), reason: z.string() })), simulated: z.boolean(), createdAt: z.string(),
        progress: progress.nullable(), error: z.string().nullable(),
      }),
    ),
  })
  .openapi('LogUploads')

export const crawlerQuery = z.object({ days: z.enum(RANGE_DAYS).default('30').transform(Number).openapi({ description: 'Days of data ending on the newest day uploaded: 7, 30 (default), 90 or 365.' }) })

const classCounts = Object.fromEntries(BOT_CLASSES.map((c) => [c, z.number()])) as Record<(typeof BOT_CLASSES)[number], z.ZodNumber>
export const crawlerOverviewSchema = z
  .object({
    days: z.number(), from: z.string(), to: z.string(), simulated: z.boolean(),
    totals: z.object({ aiHits: z.number(), otherBotHits: z.number(), humanHits: z.number(), referrals: z.number(), unverified: z.number() }),
    daily: z.array(z.object({ day: z.string(), ...classCounts })),
    bots: z.array(z.object({
      bot: z.string(), vendor: z.string(), class: z.enum(BOT_CLASSES), hits: z.number(), verified: z.number(), unverified: z.number(), lastSeen: z.string(), docs: z.string(),
      samples: z.array(z.string()).openapi({ description: "The agent's latest log lines as stored (up to 5, oldest first): the evidence, raw text." }),
    })),
    topPaths: z.array(z.object({ path: z.string(), hits: z.number(), bots: z.number(), lastSeen: z.string() })),
    alerts: z.array(z.object({ bot: z.string(), vendor: z.string(), hits: z.number(), blocked: z.number(), percent: z.number(), statuses: z.record(z.string(), z.number()) })),
    referrals: z.array(z.object({ assistant: z.string(), path: z.string(), visits: z.number() })),
    rangesDates: z.array(z.object({ list: z.string(), url: z.string(), fetchedAt: z.string().nullable() })),
  })
  .openapi('CrawlerOverview')

export const crawlerPagesSchema = z
  .object({
    analysisId: z.number().int().nullable(),
    pages: z.array(z.object({
      path: z.string(), citedBy: z.array(z.number().int()), referrals: z.number(),
      crawledBy: z.array(z.object({ bot: z.string(), vendor: z.string(), hits: z.number(), lastSeen: z.string() })),
    })),
    citedNeverCrawled: z.array(z.object({ path: z.string(), modelId: z.number().int() })),
    crawledOftenNeverCited: z.array(z.object({ path: z.string(), hits: z.number() })),
    blockedButCitesCompetitors: z.array(z.object({ bot: z.string(), vendor: z.string(), blocked: z.number(), competitorCitations: z.number() })),
  })
  .openapi('CrawlerPages')

export const OVERVIEW_TOOL =
  'Which AI agents read the project\'s site, from its uploaded server logs (days: 7, 30, 90 or 365 ending on the newest day uploaded). ' +
  'daily: hits per day per class (training crawlers such as GPTBot and ClaudeBot; search = index bots such as OAI-SearchBot and PerplexityBot; ' +
  'user = fetches made while a person asks, such as ChatGPT-User; other = non-AI bots). bots: hits per AI agent, verified (address inside the ' +
  'vendor\'s published ranges, or forward-confirmed reverse DNS where the project switched it on) and unverified (possibly an impostor); ' +
  'samples: up to 5 of its latest log lines, raw, as evidence. alerts: agents getting 403, 429 or 5xx on 20 % or more of their hits ' +
  '(at least 5 hits): the site or its CDN blocks them. referrals: visits by people arriving from an AI assistant, per landing page.'
export const PAGES_TOOL =
  'The project\'s own pages side by side: which AI agents crawled each (hits, last seen), which models cite it in the latest completed analysis ' +
  '(model ids: 3 Claude, 5 Perplexity, 6 Gemini, 8 ChatGPT, 9 Grok, 10 DeepSeek) and AI-referral visits. Lists: citedNeverCrawled (a model cites the page ' +
  'though its vendor\'s agents never fetched it: cached or third-party data), crawledOftenNeverCited (10+ agent hits, no citation), ' +
  'blockedButCitesCompetitors (an agent refused on half its hits or more whose model cites competitors).'
