/**
 * Who may do what with a project, between real accounts: owner, sharee, a stranger, an admin and a signed-out visitor, over HTTP.
 * Every route that reads or changes a project or analysis answers by the one access table
 * (app/domain/sharing/access.ts): nobody sees or changes what is not theirs.
 */
import { createProject, Session, setLimits, signUp, signUpAdmin, sql } from '../support/flows'

type S = Awaited<ReturnType<typeof signUp>>


/** A completed analysis and an export link, written straight to the database (no model run needed). */
async function seedAnalysis(projectId: number, userId: number) {
  const db = await sql()
  const [{ id }] = await db<{ id: number }[]>`
    insert into analyses (project_id, user_id, status, model_ids, queries, brands, completed_at)
    values (${projectId}, ${userId}, 'completed', '{8}', '[{"index":0,"query":"best running shoes"}]',
      '{"brand":{"name":"Brooks","alternativeNames":[],"domains":[]},"competitors":[]}', now())
    returning id`
  const exportId = `sharing${id}`.padEnd(32, 'x')
  await db`insert into exports (id, project_id, analysis_id, user_id, expires_at) values (${exportId}, ${projectId}, ${id}, ${userId}, now() + interval '30 days')`
  return { analysisId: id, exportId }
}

const patch = (s: Session, path: string, json: unknown) => s.json(path, { method: 'PATCH', json })

// Public projects are listed to every user: leave none behind for the files that run after this one.
afterAll(async () => {
  const db = await sql()
  await db`update projects set is_public = false where is_public`
})

describe('sharing a project with another account', () => {
  let owner: S, sharee: S, stranger: S
  let projectId: number, analysisId: number
  beforeAll(async () => {
    ;[owner, sharee, stranger] = await Promise.all([signUp(), signUp(), signUp()])
    const project = await createProject(owner)
    projectId = project.id
    ;({ analysisId } = await seedAnalysis(projectId, owner.userId))
  })

  it('validates the e-mail and refuses unknown accounts and non-owners', async () => {
    const empty = await owner.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: ' ' } })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Please enter an email address.')
    const unknown = await owner.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: 'nobody-here@example.test' } })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('No user with that email')
    const self = await owner.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: owner.email } })
    expect(self.status).toBe(400)
    // A stranger cannot share (or even learn the project exists).
    const byStranger = await stranger.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: stranger.email } })
    expect(byStranger.status).toBe(404)
  })

  it('the sharee sees it, reads its analysis, and cannot change anything', async () => {
    const shared = await owner.json(`/api/projects/${projectId}/share`, { method: 'POST', json: { email: sharee.email.toUpperCase() } })
    expect(shared.status).toBe(200)
    expect(shared.body.sharedUser.email).toBe(sharee.email)
    const shares = await owner.json(`/api/projects/${projectId}/share`)
    expect(shares.body.shares.map((s: any) => s.email)).toEqual([sharee.email])

    const list = await sharee.json('/api/projects')
    const row = list.body.find((p: any) => p.id === projectId)
    expect(row).toMatchObject({ accessType: 'shared', isShared: true, ownerEmail: owner.email, isArchived: false })
    expect((await sharee.json(`/api/projects/${projectId}`)).status).toBe(200)
    expect((await sharee.json(`/api/analyses/${analysisId}`)).status).toBe(200)
    expect((await sharee.json(`/api/projects/${projectId}/analyses`)).status).toBe(200)
    expect((await sharee.json(`/api/projects/${projectId}/exports`)).status).toBe(200)

    // View-only: every change is a 403, and the project is unchanged afterwards.
    const changes: [string, string, unknown][] = [
      ['PATCH', `/api/projects/${projectId}`, { name: 'Hijacked' }],
      ['DELETE', `/api/projects/${projectId}`, undefined],
      ['POST', `/api/projects/${projectId}/share`, { email: stranger.email }],
      ['GET', `/api/projects/${projectId}/share`, undefined],
      ['PATCH', `/api/projects/${projectId}/public`, { isPublic: true }],
      ['POST', `/api/projects/${projectId}/analyse-today`, undefined],
      ['POST', `/api/projects/${projectId}/export`, {}],
      ['DELETE', `/api/analyses/${analysisId}`, undefined],
      ['POST', `/api/analyses/${analysisId}/manage`, { action: 'delete', modelId: 8 }],
      ['POST', `/api/analyses/${analysisId}/rebuild-mentions`, undefined],
      ['POST', `/api/analyses/${analysisId}/cancel`, undefined],
    ]
    for (const [method, path, json] of changes) {
      const res = await sharee.json(path, { method, json })
      expect([path, method, res.status]).toEqual([path, method, 403])
    }
    const after = await owner.json(`/api/projects/${projectId}`)
    expect(after.body.name).not.toBe('Hijacked')
    const db = await sql()
    expect((await db`select id from analyses where id = ${analysisId}`).length).toBe(1)
    expect((await db`select 1 from project_shares where project_id = ${projectId}`).length).toBe(1)
  })

  it('the sharee archives only their own view', async () => {
    const wrongCall = await patch(sharee, `/api/projects/${projectId}/archive`, { archived: true })
    expect(wrongCall.status).toBe(400)
    const archived = await patch(sharee, `/api/projects/${projectId}/archive-shared`, { archived: true })
    expect(archived.status).toBe(200)
    expect(archived.body.isArchived).toBe(true)
    expect((await sharee.json('/api/projects')).body.find((p: any) => p.id === projectId).isArchived).toBe(true)
    expect((await owner.json(`/api/projects/${projectId}`)).body.isArchived).toBe(false)
    const back = await patch(sharee, `/api/projects/${projectId}/archive-shared`, { archived: false })
    expect(back.body.isArchived).toBe(false)
    const badBody = await patch(sharee, `/api/projects/${projectId}/archive-shared`, { archived: 'yes' })
    expect(badBody.status).toBe(400)
  })

  it('the owner archives the project itself', async () => {
    const done = await patch(owner, `/api/projects/${projectId}/archive`, { archived: true })
    expect(done.status).toBe(200)
    expect(done.body.isArchived).toBe(true)
    // The sharee's view keeps its own flag.
    expect((await sharee.json(`/api/projects/${projectId}`)).body.isArchived).toBe(false)
    await patch(owner, `/api/projects/${projectId}/archive`, { archived: false })
  })

  it('a stranger sees none of it', async () => {
    expect((await stranger.json('/api/projects')).body.some((p: any) => p.id === projectId)).toBe(false)
    for (const path of [`/api/projects/${projectId}`, `/api/analyses/${analysisId}`, `/api/projects/${projectId}/exports`, `/api/analyses/${analysisId}/api-responses`]) {
      expect([path, (await stranger.json(path)).status]).toEqual([path, 404])
    }
    expect((await patch(stranger, `/api/projects/${projectId}/archive-shared`, { archived: true })).status).toBe(404)
    expect((await stranger.json('/api/analyses')).body.some((a: any) => a.projectId === projectId)).toBe(false)
    const visitor = new Session()
    expect((await visitor.json(`/api/projects/${projectId}`)).status).toBe(401)
  })

  it('export history pages follow the same rules', async () => {
    const page = (s: Session, query: string, route: string) => s.json(`/${route}?${query}&_data=routes%2F${route}`)
    expect((await page(owner, `project=${projectId}`, 'export-history')).body.project.id).toBe(projectId)
    expect((await page(sharee, `project=${projectId}`, 'export-history')).status).toBe(200)
    expect((await page(sharee, `analysis=${analysisId}`, 'analysis-export-history')).body.analysis.id).toBe(analysisId)
    expect((await page(stranger, `project=${projectId}`, 'export-history')).status).toBe(404)
    expect((await page(stranger, `analysis=${analysisId}`, 'analysis-export-history')).status).toBe(404)
  })

  it('the owner unshares: the former sharee loses access', async () => {
    const removed = await owner.json(`/api/projects/${projectId}/share`, { method: 'DELETE', json: { email: sharee.email } })
    expect(removed.status).toBe(200)
    expect((await sharee.json(`/api/projects/${projectId}`)).status).toBe(404)
    expect((await sharee.json(`/api/analyses/${analysisId}`)).status).toBe(404)
    expect((await sharee.json('/api/projects')).body.some((p: any) => p.id === projectId)).toBe(false)
    const again = await owner.json(`/api/projects/${projectId}/share`, { method: 'DELETE', json: { email: sharee.email } })
    expect(again.status).toBe(404)
  })
})

describe('public projects', () => {
  it('only an admin makes their own project public; every signed-in user may then view it, nothing more', async () => {
    const [admin, user, viewer] = await Promise.all([signUpAdmin(), signUp(), signUp()])
    const own = await createProject(user)
    // A non-admin owner cannot make a project public.
    const refused = await patch(user, `/api/projects/${own.id}/public`, { isPublic: true })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only an admin can make their own projects public or private')
    // An admin cannot make someone else's project public.
    expect((await patch(admin, `/api/projects/${own.id}/public`, { isPublic: true })).status).toBe(403)
    // An admin reads others' projects (with the owner shown) but cannot change them.
    const seen = await admin.json(`/api/projects/${own.id}`)
    expect(seen.body).toMatchObject({ accessType: 'admin', ownerEmail: user.email })
    expect((await patch(admin, `/api/projects/${own.id}`, { name: 'Admin edit' })).status).toBe(403)

    await setLimits(admin.userId, { maxProjects: null })
    const adminProject = await createProject(admin)
    const { analysisId } = await seedAnalysis(adminProject.id, admin.userId)
    const made = await patch(admin, `/api/projects/${adminProject.id}/public`, { isPublic: true })
    expect(made.status).toBe(200)
    expect(made.body.isPublic).toBe(true)

    const row = (await viewer.json('/api/projects')).body.find((p: any) => p.id === adminProject.id)
    expect(row).toMatchObject({ accessType: 'public', isPublic: true, isArchived: false })
    expect((await viewer.json(`/api/projects/${adminProject.id}`)).status).toBe(200)
    expect((await viewer.json(`/api/analyses/${analysisId}`)).status).toBe(200)
    // A public project's export links stay the owner's to hand out.
    expect((await viewer.json(`/api/projects/${adminProject.id}/exports`)).status).toBe(404)
    for (const [method, path, json] of [
      ['PATCH', `/api/projects/${adminProject.id}`, { name: 'Defaced' }],
      ['DELETE', `/api/projects/${adminProject.id}`, undefined],
      ['POST', `/api/projects/${adminProject.id}/share`, { email: viewer.email }],
      ['PATCH', `/api/projects/${adminProject.id}/public`, { isPublic: false }],
      ['DELETE', `/api/analyses/${analysisId}`, undefined],
      ['POST', `/api/projects/${adminProject.id}/analyse-today`, undefined],
    ] as const) {
      const res = await viewer.json(path, { method, json })
      expect([path, method, res.status]).toEqual([path, method, 403])
    }
    // The viewer can archive their own view of it.
    const archived = await patch(viewer, `/api/projects/${adminProject.id}/archive-shared`, { archived: true })
    expect(archived.body.isArchived).toBe(true)
    expect((await admin.json(`/api/projects/${adminProject.id}`)).body.isArchived).toBe(false)
    // A signed-out visitor sees nothing of a public project.
    expect((await new Session().json(`/api/projects/${adminProject.id}`)).status).toBe(401)

    // The admin listing groups projects (personal, others, shared, public).
    const groups = await admin.json('/api/admin/projects')
    expect(groups.body.personal.map((p: any) => p.id)).toContain(adminProject.id)
    expect(groups.body.others.find((p: any) => p.id === own.id).ownerEmail).toBe(user.email)
    expect(groups.body.public.map((p: any) => p.id)).toContain(adminProject.id)
    expect((await user.json('/api/admin/projects')).status).toBe(403)

    // Private again: the viewer loses it.
    await patch(admin, `/api/projects/${adminProject.id}/public`, { isPublic: false })
    expect((await viewer.json(`/api/projects/${adminProject.id}`)).status).toBe(404)
  })
})

describe('one access rule for single reads and lists', () => {
  /** The app modules themselves, against the test database (the rule is compared, not an HTTP flow). */
  async function modules() {
    const { testEnv } = await import('../support/env')
    process.env.DATABASE_URL ??= testEnv().databaseUrl
    const [projects, auth, db] = await Promise.all([import('../../app/lib/projects.server'), import('../../app/lib/auth.server'), import('../../app/lib/db.server')])
    return { ...projects, ...auth, db: db.db }
  }

  it('the SQL form (lists) gives every viewer the relation getProject gives, for every project', async () => {
    const [owner, sharee, stranger, admin] = await Promise.all([signUp(), signUp(), signUp(), signUpAdmin()])
    await setLimits(owner.userId, { maxProjects: null })
    await setLimits(admin.userId, { maxProjects: null })
    const [mine, alsoShared] = [await createProject(owner, { name: 'Rule private' }), await createProject(owner, { name: 'Rule shared' })]
    const adminOwn = await createProject(admin, { name: 'Rule admin public' })
    expect((await sharee.json(`/api/projects/${alsoShared.id}/share`, { method: 'POST', json: { email: stranger.email } })).status).toBe(404)
    expect((await owner.json(`/api/projects/${alsoShared.id}/share`, { method: 'POST', json: { email: sharee.email } })).status).toBe(200)
    expect((await patch(admin, `/api/projects/${adminOwn.id}/public`, { isPublic: true })).status).toBe(200)
    const ids = [mine.id, alsoShared.id, adminOwn.id]

    const m = await modules()
    const sql = m.db()
    for (const s of [owner, sharee, stranger, admin]) {
      const user = (await m.getUserById(s.userId))!
      const rows = await sql<{ id: number; access: string | null }[]>`select p.id, ${m.projectAccessSql(sql, user)} as access from projects p where p.id in ${sql(ids)}`
      for (const id of ids) {
        const single = await m.getProject(user, id).then((p) => p.accessType as string, () => null)
        expect([s.email, id, rows.find((r) => r.id === id)!.access]).toEqual([s.email, id, single])
      }
    }

    // The user's own analysis list (/api/analyses, 'list'): owner and sharee only; a project's list ('read') for every reader.
    const { analysisId: privateAnalysis } = await seedAnalysis(alsoShared.id, owner.userId)
    const { analysisId: publicAnalysis } = await seedAnalysis(adminOwn.id, admin.userId)
    const listed = async (s: S) => ((await s.json('/api/analyses')).body as any[]).map((a) => a.id)
    expect(await listed(owner)).toContain(privateAnalysis)
    expect(await listed(sharee)).toContain(privateAnalysis)
    expect(await listed(stranger)).not.toContain(privateAnalysis)
    expect(await listed(stranger)).not.toContain(publicAnalysis)
    expect(await listed(admin)).not.toContain(privateAnalysis)
    const ofProject = async (s: S, id: number) => s.json(`/api/projects/${id}/analyses`)
    expect((await ofProject(stranger, adminOwn.id)).body.map((a: any) => a.id)).toEqual([publicAnalysis])
    expect((await ofProject(admin, alsoShared.id)).body.map((a: any) => a.id)).toEqual([privateAnalysis])
    expect((await ofProject(stranger, alsoShared.id)).status).toBe(404)
    // Export links: sharee and admin yes, a public project's viewer sees none (404), as the rule says.
    expect((await sharee.json(`/api/projects/${alsoShared.id}/exports`)).status).toBe(200)
    expect((await admin.json(`/api/projects/${alsoShared.id}/exports`)).status).toBe(200)
    expect((await stranger.json(`/api/analyses/${publicAnalysis}/exports`)).status).toBe(404)
  })
})

describe('visibility and the optimiser save', () => {
  it('Make Public / Make Private by an admin are written to the audit log with before and after', async () => {
    const admin = await signUpAdmin()
    const project = await createProject(admin, { name: 'Audited visibility' })
    expect((await patch(admin, `/api/projects/${project.id}/public`, { isPublic: true })).status).toBe(200)
    expect((await patch(admin, `/api/projects/${project.id}/public`, { isPublic: false })).status).toBe(200)
    const log = await admin.json(`/api/admin/audit-log?userId=${admin.userId}`)
    expect(log.status).toBe(200)
    const rows = log.body.entries.filter((e: any) => e.after?.projectId === project.id)
    // Newest first.
    expect(rows.map((e: any) => e.action)).toEqual(['project.make-private', 'project.make-public'])
    expect(rows[1]).toMatchObject({
      adminEmail: admin.email,
      targetEmail: admin.email,
      before: { projectId: project.id, projectName: 'Audited visibility', isPublic: false },
      after: { projectId: project.id, projectName: 'Audited visibility', isPublic: true },
    })
    expect(rows[0]).toMatchObject({ before: { isPublic: true }, after: { isPublic: false } })
    // A refused change writes nothing.
    const user = await signUp()
    const own = await createProject(user)
    expect((await patch(admin, `/api/projects/${own.id}/public`, { isPublic: true })).status).toBe(403)
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from admin_audit_log where after->>'projectId' = ${String(own.id)}`
    expect(n).toBe(0)
  })

  it('saving an optimiser analysis to a project needs write access: the owner yes, a sharee or public viewer 403', async () => {
    const [owner, sharee] = await Promise.all([signUp(), signUp()])
    const project = await createProject(owner, { name: 'Optimiser saves' })
    expect((await owner.json(`/api/projects/${project.id}/share`, { method: 'POST', json: { email: sharee.email } })).status).toBe(200)
    const admin = await signUpAdmin()
    const adminProject = await createProject(admin, { name: 'Public optimiser saves' })
    expect((await patch(admin, `/api/projects/${adminProject.id}/public`, { isPublic: true })).status).toBe(200)
    const analysisResult = { prompt: 'p', fullContent: 'c', chunks: [], criticalActions: [], summarizedRecommendations: [], visualData: {}, scores: { overall: 50 } }
    const save = (s: S, projectId: number) => s.json('/api/content/optimiser-v2/save-to-project', { method: 'POST', json: { projectId, analysisResult } })

    const refused = await save(sharee, project.id)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only the owner of this project can change it')
    expect((await save(sharee, adminProject.id)).status).toBe(403)
    // The sharee may still read the project (and list their own saves of it: none were written).
    expect((await sharee.json(`/api/content/optimiser-v2/project/${project.id}/saves`)).body.saves).toEqual([])
    const db = await sql()
    const [{ n }] = await db<{ n: number }[]>`select count(*)::int as n from optimiser_saves where user_id = ${sharee.userId}`
    expect(n).toBe(0)

    const ok = await save(owner, project.id)
    expect(ok.status).toBe(200)
    expect(ok.body).toMatchObject({ success: true })
    await patch(admin, `/api/projects/${adminProject.id}/public`, { isPublic: false })
  })
})
