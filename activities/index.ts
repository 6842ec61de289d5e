/**
 * Activities: every model call, parse and store happens here, never in workflows. One factory per area, composed
 * here; built by a factory so tests and the worker pass their own database and gateway.
 */
import type postgres from 'postgres'
import { createGateway, type Gateway } from './gateway'
import { createAnalysisActivities } from './analysis'
import { createFrameworkActivities } from './framework'
import { createSourceActivities } from './sources'
import { createTrendActivities } from './trends'
import { createAudienceActivities } from './audiences'
import { createAdminActivities } from './admin'
import { createExportActivities } from './exports'
import { createOptimiserActivities } from './optimiser'
import { createIdeatorActivities } from './ideator'
import { createChatActivities } from './chat'
import { createVolumeActivities } from './volume'
import { createFactcheckActivities } from './factcheck'
import { createCrawlerActivities } from './crawlers'
import { createCanaryActivities } from './canaries'
import { createReportActivities, type RenderedReport } from './report'
import { createReportRewriteActivities } from './report-rewrite'

export interface ActivityDeps {
  sql: postgres.Sql<any>
  gateway?: Gateway
  /** The app's report renderer (the worker passes it): the PDF a scheduled report e-mail attaches. */
  renderReport?: (analysisId: number) => Promise<RenderedReport>
}

export function createActivities({ sql, gateway = createGateway(), renderReport }: ActivityDeps) {
  return {
    ...createAnalysisActivities({ sql, gateway }),
    ...createFrameworkActivities({ gateway }),
    ...createSourceActivities({ sql, gateway }),
    ...createTrendActivities({ sql }),
    ...createAudienceActivities({ gateway, sql }),
    ...createAdminActivities(),
    ...createExportActivities({ sql, gateway }),
    ...createOptimiserActivities({ sql, gateway }),
    ...createIdeatorActivities({ sql, gateway }),
    ...createChatActivities({ sql, gateway }),
    ...createVolumeActivities({ sql }),
    ...createFactcheckActivities({ sql, gateway }),
    ...createCrawlerActivities({ sql }),
    ...createCanaryActivities({ sql, gateway }),
    ...createReportActivities({ sql, render: renderReport }),
    ...createReportRewriteActivities({ sql, gateway }),
  }
}

export type Activities = ReturnType<typeof createActivities>
