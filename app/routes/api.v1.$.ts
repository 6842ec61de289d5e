import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '~/lib/api.server'

/** Every /api/v1/… route (app/domain/api/routes.ts): a personal API key, never the session cookie. */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleApiRequest(request, context)
export const action = ({ request, context }: ActionFunctionArgs) => handleApiRequest(request, context)
