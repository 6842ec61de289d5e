import { Link } from '@remix-run/react'

export function ResultsSlot({ data, project }: { data: { projectId: number; latest: { id: number; status: string; createdAt: string } | null } | null; project: { id: number; name: string } }) {
  return (
    <div className="panel">
      <h1>{project.name}</h1>
      {data?.latest ? (
        <p>
          Latest analysis #{data.latest.id}: {data.latest.status}. <Link to="/analysis-progress">View Analysis Progress</Link>
        </p>
      ) : (
        <p className="muted">No analysis yet.</p>
      )}
    </div>
  )
}
