import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { listProjects } from '~/lib/projects.server'
import { Header } from '~/components/app-shell'
import { OptimiserScreen } from '~/components/optimiser/OptimiserScreen'
import optimiserStyles from '~/components/optimiser/optimiser.css'

export const meta: MetaFunction = () => [{ title: 'Content Optimiser · AI Brand Visibility' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: optimiserStyles }]

/** /content-optimizer-v1: the same optimiser without the project tie (nothing saved). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projects = await listProjects(user)
  const limits = limitsOf(user)
  return json({
    projects: projects.map((p) => ({ id: p.id, name: p.name, brandDomain: p.brandDomain, isArchived: p.isArchived, isLightMode: p.isLightMode, latestAnalysis: p.latestAnalysis })),
    limits: { canRunAnalysis: limits.canRunAnalysis, analysesRemaining: limits.analysesRemaining, isActive: user.isActive },
  })
}

export default function ContentOptimizerV1() {
  const { projects, limits } = useLoaderData<typeof loader>()
  return (
    <>
      <Header projects={projects as any} />
      <main className="main" style={{ maxWidth: 1200, margin: '0 auto' }}>
        <OptimiserScreen projectId={null} limits={limits} />
      </main>
    </>
  )
}
