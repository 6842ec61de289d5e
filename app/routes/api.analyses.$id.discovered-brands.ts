import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireUser } from '~/lib/auth.server'
import { intParam, parseBody, requireMethod } from '~/lib/http.server'
import { addDiscoveredBrand, listDiscoveredBrands } from '~/lib/discovered.server'
import { FIELD_LIMITS, text } from '~/domain/validation'

/** Brands the answers name that the project does not track. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return json(await listDiscoveredBrands(user, intParam(params.id, 'analysis')))
}

const addSchema = z.object({ name: text('Brand name', FIELD_LIMITS.competitor, { required: 'Brand name is required', collapse: true }) })

/** Adds a discovered brand as a competitor and rebuilds the analysis's mentions. */
export async function action({ request, params }: ActionFunctionArgs) {
  requireMethod(request, 'POST')
  const user = await requireUser(request)
  const { name } = await parseBody(request, addSchema)
  return json(await addDiscoveredBrand(user, intParam(params.id, 'analysis'), name))
}
