/** The seven pillar tabs of an optimiser result, each with its scores, findings and recommendations. */
import { CHUNK_PREVIEW_CHARS, chunkLabel, embeddingColour, INTENT_TYPES, ITEMS_PER_CHUNK, relevancePercent } from '~/domain/optimiser'
import type { OptimiserAnalysis } from '~/domain/optimiser'
import { COLOURS, List, Score10, StrengthsWeaknesses, SubScores, Unavailable, YesNo } from './ResultParts'

function RelevanceTab({ r }: { r: OptimiserAnalysis }) {
  if (!r.overallAnalysis) return <Unavailable what="Relevance" error={r.pillarErrors.relevance} />
  return (
    <div data-testid="tab-relevance">
      <div className="opt-cards">
        <div className="panel"><h4>Average relevance</h4><Score10 value={r.visualData.averageScore} label="average-relevance" /></div>
        <div className="panel"><h4>High relevance chunks</h4><strong data-testid="high-count">{r.visualData.highRelevanceCount}</strong></div>
        <div className="panel"><h4>Low relevance chunks</h4><strong data-testid="low-count">{r.visualData.lowRelevanceCount}</strong></div>
      </div>
      <div className="panel">
        <h4>Gap coverage</h4>
        <div className="opt-bar"><div style={{ width: `${r.overallAnalysis.gapCoverage}%`, background: COLOURS[embeddingColour(r.overallAnalysis.gapCoverage / 100)] }} /></div>
        <span>{r.overallAnalysis.gapCoverage}%</span>
      </div>
      <table className="opt-table" data-testid="chunk-table">
        <thead>
          <tr><th>Chunk</th><th>Text</th><th>Words</th><th>Embedding</th><th>Gemini</th><th>Recommendations</th></tr>
        </thead>
        <tbody>
          {r.chunks.map((c, i) => (
            <tr key={c.id}>
              <td>{chunkLabel(c, i)}</td>
              <td>{c.text.length > CHUNK_PREVIEW_CHARS ? `${c.text.slice(0, CHUNK_PREVIEW_CHARS)}…` : c.text}</td>
              <td>{c.wordCount}</td>
              <td>
                {relevancePercent(c.embeddingScore).toFixed(1)}%
                <div className="opt-bar"><div style={{ width: `${relevancePercent(c.embeddingScore)}%`, background: COLOURS[embeddingColour(c.embeddingScore)] }} /></div>
              </td>
              <td><Score10 value={c.geminiScore} /></td>
              <td>
                <ul>{c.recommendations.slice(0, ITEMS_PER_CHUNK).map((t, j) => <li key={j}>{t}</li>)}</ul>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid-2">
        <List title="Missing Opportunities" items={r.overallAnalysis.missingOpportunities} />
        <List title="Recommended Next Steps" items={r.overallAnalysis.nextSteps} />
      </div>
      <div className="panel"><h4>Overall Analysis</h4><p>{r.overallAnalysis.summary}</p></div>
    </div>
  )
}

function SynthesisTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.synthesisAnalysis
  if (!a) return <Unavailable what="Content synthesis" error={r.pillarErrors.synthesis} />
  return (
    <div data-testid="tab-synthesis">
      <div className="opt-cards">
        <div className="panel"><h4>Overall score</h4><Score10 value={a.overallScore} /></div>
        <div className="panel"><h4>Readiness</h4><p>{a.readiness}</p></div>
        <div className="panel"><h4>Clarity score</h4><Score10 value={a.clarityScore} /></div>
      </div>
      <table className="opt-table">
        <tbody>
          <tr><td>Direct summaries</td><td><YesNo v={a.hasDirectSummaries} /></td></tr>
          <tr><td>Logical headings</td><td><YesNo v={a.hasLogicalHeadings} /></td></tr>
          <tr><td>Self-contained sections</td><td><YesNo v={a.hasSelfContainedSections} /></td></tr>
          <tr><td>Structured data</td><td><YesNo v={a.hasStructuredData} /></td></tr>
        </tbody>
      </table>
      <StrengthsWeaknesses strengths={a.strengths} weaknesses={a.areasForImprovement} weakTitle="Areas for improvement" />
      <List title="Recommendations" items={a.recommendations} />
    </div>
  )
}

function CitationTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.overallCitationAnalysis
  if (!a) return <Unavailable what="Citation" error={r.pillarErrors.citation} />
  const q = a.qualityIndicators
  return (
    <div data-testid="tab-citation">
      <div className="opt-cards">
        <div className="panel"><h4>Overall score</h4><Score10 value={a.overallScore} /></div>
        <div className="panel"><h4>Gap score</h4><Score10 value={a.gapScore} /></div>
      </div>
      <SubScores scores={[['Factual accuracy', a.factualAccuracy], ['Authoritative references', a.authoritativeReferences], ['E-E-A-T signals', a.eeatSignals], ['Freshness', a.freshness], ['Originality', a.originality], ['Clear extraction', a.clearExtraction]]} />
      <table className="opt-table">
        <tbody>
          <tr><td>Author info</td><td><YesNo v={q.hasAuthorInfo} /></td></tr>
          <tr><td>Publication dates</td><td><YesNo v={q.hasPublicationDates} /></td></tr>
          <tr><td>References</td><td><YesNo v={q.hasReferences} /></td></tr>
          <tr><td>Structured data</td><td><YesNo v={q.hasStructuredData} /></td></tr>
          <tr><td>Unique insights</td><td><YesNo v={q.hasUniqueInsights} /></td></tr>
        </tbody>
      </table>
      <StrengthsWeaknesses strengths={a.strengths} weaknesses={a.weaknesses} />
      <List title="Recommendations" items={a.recommendations} />
      <table className="opt-table" data-testid="citation-chunks">
        <thead><tr><th>Chunk</th><th title="Factual accuracy">FA</th><th title="Authoritative references">AR</th><th title="E-E-A-T">EE</th><th title="Freshness">FR</th><th title="Originality">OR</th><th title="Clear extraction">CE</th></tr></thead>
        <tbody>
          {r.chunks.map((c, i) => c.citationAnalysis && (
            <tr key={c.id}>
              <td>{chunkLabel(c, i)}</td>
              {[c.citationAnalysis.factualAccuracy, c.citationAnalysis.authoritativeReferences, c.citationAnalysis.eeatSignals, c.citationAnalysis.freshness, c.citationAnalysis.originality, c.citationAnalysis.clearExtraction].map((v, j) => <td key={j}><Score10 value={v} /></td>)}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="grid-2">
        <List title="Common missing elements" items={a.commonMissingElements} />
        <List title="Global improvements" items={a.globalImprovements} />
      </div>
      <List title="Recommended authoritative sources" items={a.recommendedSources} />
    </div>
  )
}

function BreadthTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.breadthDepthAnalysis
  if (!a) return <Unavailable what="Breadth & depth" error={r.pillarErrors.breadthDepth} />
  return (
    <div data-testid="tab-breadth">
      <SubScores scores={[['Overall', a.overallScore], ['Coverage', a.coverage], ['Depth', a.depth], ['Structure', a.structure], ['Semantic', a.semantic], ['Balance', a.balance]]} />
      <div className="grid-2">
        <List title={`Covered topics (${a.coveredTopics.length})`} items={a.coveredTopics} empty="No topics identified" />
        <List title={`Missing topics (${a.missingTopics.length})`} items={a.missingTopics} empty="No missing topics identified" />
        <List title="Strengths" items={a.strengths} empty="No specific strengths identified" />
        <List title="Content gaps" items={a.contentGaps} />
        <List title="Structural issues" items={a.structuralIssues} />
        <List title="Recommendations" items={a.recommendations} />
      </div>
    </div>
  )
}

function MultimodalTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.multiModalAnalysis
  if (!a) return <Unavailable what="Multi-modal" error={r.pillarErrors.multiModal} />
  const m = a.existingMedia
  return (
    <div data-testid="tab-multimodal">
      <SubScores scores={[['Overall', a.overallScore], ['Crawlability', a.crawlability], ['Context', a.context], ['Markup', a.markup], ['Data readability', a.dataReadability], ['Relevance', a.relevance], ['Integration', a.integration], ['Variety', a.variety]]} />
      <div className="opt-cards" data-testid="existing-media">
        {([['Images', m.images], ['Videos', m.videos], ['Tables', m.tables], ['Charts', m.charts], ['Other', m.other]] as const).map(([k, v]) => (
          <div key={k} className="panel"><h4>{k}</h4><strong>{v}</strong></div>
        ))}
      </div>
      <StrengthsWeaknesses strengths={a.strengths} weaknesses={a.weaknesses} />
      <h4>Proposed enhancement plan</h4>
      <table className="opt-table">
        <thead><tr><th>Type</th><th>Content</th><th>Alt text</th><th>Caption</th><th>Placement</th></tr></thead>
        <tbody>
          {a.proposedEnhancements.map((e, i) => (
            <tr key={i}><td>{e.type}</td><td>{e.content}</td><td>{e.metadata.altText}</td><td>{e.metadata.caption}</td><td>{e.metadata.placement}</td></tr>
          ))}
        </tbody>
      </table>
      <List title="Recommendations" items={a.recommendations} />
    </div>
  )
}

function PersonalisationTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.personalisationIntentAnalysis
  if (!a) return <Unavailable what="Personalisation" error={r.pillarErrors.personalisation} />
  return (
    <div data-testid="tab-personalisation">
      <SubScores scores={[['Personalisation', a.overallScore], ['Resilience', a.resilienceScore], ['Multi-intent', a.multiIntentScore]]} />
      <h4>Intent coverage</h4>
      <table className="opt-table">
        <tbody>
          {INTENT_TYPES.map((t) => {
            const c = a.intentCoverage.find((x) => x.intentType === t)
            return <tr key={t}><td>{t}</td><td><YesNo v={Boolean(c?.covered)} /></td><td>{c?.notes}</td></tr>
          })}
        </tbody>
      </table>
      <h4>Persona coverage</h4>
      <table className="opt-table">
        <tbody>{a.personaCoverage.map((p, i) => <tr key={i}><td>{p.persona}</td><td>{p.coverage}</td></tr>)}</tbody>
      </table>
      <StrengthsWeaknesses strengths={a.strengths} weaknesses={a.weaknesses} />
      <List title="Recommendations" items={a.recommendations} />
      <h4>Expansion plan</h4>
      {a.expansionPlan.map((e, i) => (
        <div key={i} className="panel">
          <strong>{e.title}</strong>
          <p className="muted">Intents: {e.intentTypes.join(', ')} · Personas: {e.targetPersonas.join(', ')}</p>
          <List title="Key points" items={e.keyPoints} />
          <List title="Engagement features" items={e.engagementFeatures} />
        </div>
      ))}
    </div>
  )
}

function CrawlabilityTab({ r }: { r: OptimiserAnalysis }) {
  const a = r.indexCrawlabilityAnalysis
  if (!a) return <Unavailable what="Crawlability" error={r.pillarErrors.crawlability} />
  const applicable = a.measuredFacts.filter((f) => f.status !== 'n/a')
  const measured = applicable.length ? Math.round((100 * applicable.filter((f) => f.status === 'pass').length) / applicable.length) / 10 : null
  return (
    <div data-testid="tab-crawlability">
      <SubScores
        scores={[
          ['Overall', a.overallScore],
          ['AI crawler access', a.aiCrawlerAccess],
          ['Rendering accessibility', a.renderingAccessibility],
          ['Meta tag signals', a.metaTagSignals],
          ['Canonicalisation', a.canonicalisation],
          ['Internal linking', a.internalLinking],
          ['Structured HTML', a.structuredHTML],
          ['Bot-specific optimisation', a.botSpecificOptimization],
          ...(measured === null ? [] : ([['Measured facts', measured]] as [string, number][])),
        ]}
      />
      <h4>Measured facts</h4>
      <p className="muted">Checked by the product itself; the overall crawlability score is the mean of the model's judgement ({a.modelScore.toFixed(1)}) and these facts.</p>
      <table className="opt-table" data-testid="crawl-facts">
        <thead><tr><th>Check</th><th>Result</th><th>Evidence</th></tr></thead>
        <tbody>
          {a.measuredFacts.map((f) => (
            <tr key={f.id} data-testid={`fact-${f.id}`}>
              <td>{f.label}</td>
              <td><span className={`badge ${f.status === 'pass' ? 'badge-green' : f.status === 'fail' ? 'badge-red' : 'badge-grey'}`}>{f.status === 'n/a' ? 'N/A' : f.status === 'pass' ? 'Pass' : 'Fail'}</span></td>
              <td className="opt-evidence">{f.evidence}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4>AI bot access plan</h4>
      <div className="grid-2">
        <List title="Bots to allow" items={a.botAccessPlan.botsToAllow} />
        <div className="opt-list"><h4>Rendering approach</h4><p>{a.botAccessPlan.renderingApproach}</p></div>
        <List title="Meta & canonical fixes" items={a.botAccessPlan.metaCanonicalFixes} />
        <List title="Structure & markup improvements" items={a.botAccessPlan.structureMarkupImprovements} />
        <List title="Strengths" items={a.strengths} empty="No specific strengths identified" />
        <List title="Weaknesses" items={a.weaknesses} empty="No major weaknesses identified" />
      </div>
      <List title="Recommendations" items={a.recommendations} />
    </div>
  )
}

export function PillarTab({ tab, result }: { tab: string; result: OptimiserAnalysis }) {
  switch (tab) {
    case 'relevance': return <RelevanceTab r={result} />
    case 'synthesis': return <SynthesisTab r={result} />
    case 'citation': return <CitationTab r={result} />
    case 'breadth': return <BreadthTab r={result} />
    case 'multimodal': return <MultimodalTab r={result} />
    case 'personalisation': return <PersonalisationTab r={result} />
    case 'crawlability': return <CrawlabilityTab r={result} />
    default: return null
  }
}
