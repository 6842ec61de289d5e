/**
 * The Topics & Audiences setup: the brand and market form, the audiences and topics the AI proposes (stats, topic
 * picker, audience editor), then the review with the ask-as-persona option. This file lays the screen out; the state
 * and calls are useAudiences's, each part has its own file beside it.
 */
import { Link } from '@remix-run/react'
import { useRef } from 'react'
import { ADVERTISED_AUDIENCE_QUERIES, LIGHT_TIER_MESSAGE } from '~/domain/audiences'
import { AskAsPersona } from './AskAsPersona'
import { useScrollOnArrival } from './audience-scroll'
import { AudienceEditor } from './AudienceEditor'
import { AudienceStats } from './AudienceStats'
import { LimitsBox } from './LimitsBox'
import { ReviewArea, type SetupLimits } from './ReviewArea'
import { EditingNote, SetupFields, type SetupProject } from './SetupFields'
import { TopicPicker } from './TopicPicker'
import { useAudiences } from './use-audiences'
import { homeHref } from '~/domain/home-phases'

export { requestSetupScroll, SCROLL_TO_SETUP_KEY } from './audience-scroll'
export { askAsPersonaToSave } from './use-ask-as-persona'

/** Sections scrolled to stop below the sticky header (.app-header, 56 px) instead of under it. */
const SCROLL_MARGIN = { scrollMarginTop: 64 }

const HELP = [
  '1. AI identifies 20+ audience personas for your market.',
  '2. You select the audiences and topics that matter.',
  `3. AI generates up to ${ADVERTISED_AUDIENCE_QUERIES} queries written the way they ask.`,
  '4. AI identifies your top 19 competitors.',
].join('\n')

export function AudiencesSetup({ limits, existingProjects, initial }: { limits: SetupLimits; existingProjects: { name: string; brandDomain: string }[]; initial?: SetupProject | null }) {
  const setupRef = useRef<HTMLDivElement>(null)
  const pickerRef = useRef<HTMLDivElement>(null)
  const reviewRef = useRef<HTMLDivElement>(null)
  useScrollOnArrival(setupRef)
  const s = useAudiences({ limits, existingProjects, initial, refs: { picker: pickerRef, review: reviewRef } })
  const { lightTier } = s
  const { audiences, topics, selectedAudiences, selectedTopics } = s.picker
  const { brand } = s.lists
  const generateLabel = lightTier
    ? 'Upgrade to Use Audiences & Topics'
    : s.pending === 'audiences'
      ? 'Generating Audiences...'
      : audiences.length
        ? 'Regenerate Audiences & Topics'
        : 'Generate Audiences & Topics'

  return (
    <div ref={setupRef} id="setup-section" style={SCROLL_MARGIN}>
      <h1>
        Brand &amp; Market Definition{' '}
        <span className="help" role="img" aria-label="How it works" title={HELP} data-testid="setup-help">
          ⓘ
        </span>
      </h1>
      {initial && <EditingNote name={initial.name} />}
      <div className="grid-2">
        <form
          className="panel"
          onSubmit={(e) => {
            e.preventDefault()
            void s.generateAudiences()
          }}
        >
          <SetupFields form={s.form} setForm={s.setForm} errors={s.errors} lightLocked={lightTier} withMarketType />
          {lightTier && (
            <p className="warning-box" data-testid="light-tier-note">
              {LIGHT_TIER_MESSAGE} <Link to={homeHref('setup', { tab: 'setup' })}>Open Legacy setup</Link>
            </p>
          )}
          <button className="btn btn-primary" type="submit" disabled={Boolean(s.pending) || s.generateBlocked}>
            {generateLabel}
          </button>
          <LimitsBox limits={limits} duplicate={s.duplicate} />
        </form>
        <div className="panel">
          <h2>How It Works</h2>
          <ol>
            {HELP.split('\n').map((line) => (
              <li key={line}>{line.replace(/^\d\. /, '')}</li>
            ))}
          </ol>
        </div>
      </div>

      {audiences.length + topics.length > 0 && (
        <div ref={pickerRef} style={SCROLL_MARGIN}>
          <AudienceStats audiences={audiences.length} topics={topics.length} selected={selectedAudiences.length + selectedTopics.length} estimate={s.estimate} />
          <TopicPicker s={s} />
          <AudienceEditor s={s} />
        </div>
      )}

      {brand && (
        <div ref={reviewRef} style={{ marginTop: '1rem', ...SCROLL_MARGIN }}>
          <AskAsPersona {...s.askAsPersona} onChange={s.askAsPersona.change} />
          <ReviewArea
            {...s.lists}
            brand={brand}
            limits={limits}
            duplicate={s.duplicate}
            maxQueries={s.maxQueries}
            topics={s.sortedTopics.map((t) => t.name)}
            validate={s.validate}
            volumes={initial?.volumes}
            projectBody={s.projectBody}
            afterSave={s.afterSave}
          />
        </div>
      )}
    </div>
  )
}
