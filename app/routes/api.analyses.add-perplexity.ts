import type { ActionFunctionArgs } from '@remix-run/node'
import { addModelAction } from '~/lib/add-model.server'

export const action = ({ request }: ActionFunctionArgs) => addModelAction(request, 5)
