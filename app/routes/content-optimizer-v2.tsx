import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { limitsOf, requireUser } from '~/lib/auth.server'
import { idSearchParam } from '~/lib/http.server'
import { listProjects } from '~/lib/projects.server'
import { Header } from '~/components/app-shell'
import { OptimiserScreen } from '~/components/optimiser/OptimiserScreen'
import optimiserStyles from '~/components/optimiser/optimiser.css'

export const meta: MetaFunction = () => [{ title: 'Content Optimiser · AI Brand Visibility' }]
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: optimiserStyles }]

/** /content-optimizer-v2[?project=id]: the optimiser tied to a project the user may read (saves, auto-save). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const projects = await listProjects(user)
  const wanted = idSearchParam(new URL(request.url), 'project')
  const project = wanted ? (projects.find((p) => p.id === wanted) ?? null) : null
  const limits = limitsOf(user)
  return json({
    projects: projects.map((p) => ({ id: p.id, name: p.name, brandDomain: p.brandDomain, isArchived: p.isArchived, isLightMode: p.isLightMode, latestAnalysis: p.latestAnalysis })),
    project: project && { id: project.id, name: project.name },
    limits: { canRunAnalysis: limits.canRunAnalysis, analysesRemaining: limits.analysesRemaining, isActive: user.isActive },
  })
}

export default function ContentOptimizerV2() {
  const { projects, project, limits } = useLoaderData<typeof loader>()
  return (
    <>
      <Header projects={projects as any} />
      <main className="main" style={{ maxWidth: 1200, margin: '0 auto' }}>
        {!project && <p className="muted">No project selected: analyses are not saved. Open the optimiser from a project (phase 5) to save them.</p>}
        <OptimiserScreen key={project?.id ?? 0} projectId={project?.id ?? null} projectName={project?.name ?? null} limits={limits} />
      </main>
    </>
  )
}
