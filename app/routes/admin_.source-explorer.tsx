import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { requireUser } from '~/lib/auth.server'
import { explorerData } from '~/lib/sources-explorer.server'
import { SourceExplorer } from '~/components/sources/source-explorer'

export const meta: MetaFunction = () => [{ title: 'Source Explorer · AI Brand Visibility' }]

/** /admin/source-explorer: admins search the cited domains of every project's basic insights; 'Access Denied' (403) for others. */
export async function loader({ request }: LoaderFunctionArgs) {
  const data = await explorerData(await requireUser(request), 'basic', new URL(request.url))
  return json(data, { status: data.denied ? 403 : 200, headers: { 'Cache-Control': 'no-store' } })
}

export default function SourceExplorerPage() {
  return <SourceExplorer data={useLoaderData<typeof loader>()} />
}
