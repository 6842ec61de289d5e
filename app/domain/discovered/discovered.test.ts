import { candidateNames, discoverBrands, type DiscoveryAnswer } from '.'

const A1 = ['Here are the best options:', '', '1. **Notion** – Notion is great.', '2. **Slab** – Slab is good for wikis.', '3. **Confluence** – Confluence is solid.', '', 'Sources:', '[1] Guru – https://getguru.com/'].join('\n')
const A2 = ['| # | Brand | Why |', '|---|---|---|', '| 1 | Slab | Simple wiki |', '| 2 | Guru | Verified answers |', '| 3 | Notion | Flexible |'].join('\n')
const A3 = ['**Guru** stands out. Also consider Slab and Confluence.', '- Best for teams: Notion'].join('\n')

const tracked = [
  { name: 'Notion', alternativeNames: [], domains: ['notion.com'], isOwn: true },
  { name: 'Confluence', alternativeNames: ['Atlassian Confluence'], domains: [] },
]
// Stored mentions of the tracked brands, as the analysis parsed them: A1 Notion 2, Confluence 2; A2 Notion 1; A3 Notion 1, Confluence 1.
const answers: DiscoveryAnswer[] = [
  { modelId: 8, text: A1, mentions: { Notion: 2, Confluence: 2 } },
  { modelId: 3, text: A2, mentions: { Notion: 1, Confluence: 0 } },
  { modelId: 3, text: A3, mentions: { Notion: 1, Confluence: 1 } },
]

describe('discovered brands', () => {
  it('reads list leads, bold names and table brand cells, not headings, header rows or sources', () => {
    expect(candidateNames(A1)).toEqual(['Notion', 'Slab', 'Confluence'])
    expect(candidateNames(A2)).toEqual(['Slab', 'Guru', 'Notion'])
    expect(candidateNames(A3)).toEqual(['Guru'])
    expect(candidateNames('🥇 1. Coda – fast\n#2 Slite – calm\nNo. 3: Tettra – small\n1️⃣ GitBook – docs')).toEqual(['Coda', 'Slite', 'Tettra', 'GitBook'])
  })

  it('counts answers, models, mentions and average rank of untracked names, and the own share if one were tracked', () => {
    const d = discoverBrands(answers, tracked)
    // Tracked mentions 2+2+1+0+1+1 = 7, own 2+1+1 = 4: 4/7 = 57.1 %.
    expect(d.ownShare).toBe(57.1)
    expect(d.answers).toBe(3)
    expect(d.brands).toEqual([
      // Slab: A1 twice (lead + sentence), A2 once, A3 once = 4 in 3 answers by models 8 and 3; ranked 2 (A1) and 1 (A2): 1.5.
      // Own share if tracked: 4 / (7 + 4) = 36.4 %.
      { name: 'Slab', answers: 3, models: 2, mentions: 4, averageRank: 1.5, ownShareIfTracked: 36.4 },
      // Guru: not in A1 (only under Sources), A2 once, A3 once = 2 in 2 answers by model 3; ranked 2 in A2. 4 / (7 + 2) = 44.4 %.
      { name: 'Guru', answers: 2, models: 1, mentions: 2, averageRank: 2, ownShareIfTracked: 44.4 },
    ])
  })

  it('leaves out tracked names and their alternative names, and names seen in only one answer', () => {
    const d = discoverBrands([{ modelId: 8, text: '1. **Atlassian Confluence** – ok\n2. **Coda** – ok', mentions: { Confluence: 1 } }], tracked)
    expect(d.brands).toEqual([])
  })
})

describe('discovered brands: list markers and tracked names', () => {
  it('strips numbered, bulleted and bold list markers from the name', () => {
    const text = ['**4. Saucony** – light', '- **• Altra** – wide', '* 5) Karhu: Finnish', '**#6 Topo Athletic**', '1. **2. Mizuno** – smooth', '**No. 7: Diadora**'].join('\n')
    expect(candidateNames(text)).toEqual(['Saucony', 'Altra', 'Karhu', 'Topo Athletic', 'Mizuno', 'Diadora'])
  })

  it('never offers a tracked brand or one of its alternative names, whatever marker it carries', () => {
    const shoes = [
      { name: 'Hoka', alternativeNames: ['HOKA One One'], domains: [], isOwn: true },
      { name: 'On', alternativeNames: ['On Running'], domains: [] },
    ]
    const text = ['**4. On** – light', '- **On Running** – Swiss', '* 2) Hoka One One: soft', '**3. Saucony** – fast'].join('\n')
    const d = discoverBrands(
      [
        { modelId: 3, text, mentions: { Hoka: 1, On: 1 } },
        { modelId: 5, text, mentions: { Hoka: 1, On: 1 } },
      ],
      shoes,
    )
    // Saucony is the only untracked name: once in each of the two answers
    expect(d.brands.map((b) => b.name)).toEqual(['Saucony'])
    expect(d.brands[0]).toMatchObject({ answers: 2, models: 2, mentions: 2 })
  })
})
