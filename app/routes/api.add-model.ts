import type { ActionFunctionArgs } from '@remix-run/node'
import { addModelAction } from '~/lib/add-model.server'

/**
 * The twelve add-model URLs (/api/analyses/add-{addKey}, /api/add-{addAnalysisKey}-analysis): one route
 * module that remix.config.js registers once per URL of the model catalogue (addModelRoutes in app/domain/models).
 */
export const action = ({ request, context }: ActionFunctionArgs) => addModelAction(request, context)
