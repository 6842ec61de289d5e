import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleMcpRequest } from '~/lib/mcp.server'

/** /mcp: the MCP server (streamable HTTP, stateless), authenticated with a personal API key. */
export const loader = ({ request, context }: LoaderFunctionArgs) => handleMcpRequest(request, context)
export const action = ({ request, context }: ActionFunctionArgs) => handleMcpRequest(request, context)
