/**
 * The product's FAQ: the one maintained set of entries that the /faq page shows and the FAQ chat
 * answers from (retrieval in ./search.ts). Edit here; both follow. `keywords` are words a visitor
 * may use that the question and answer do not contain.
 */
export interface FaqEntry {
  id: string
  question: string
  answer: string
  keywords: string
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'what-is-it',
    question: 'What does AI Brand Visibility do?',
    answer:
      'It asks six AI assistants the questions your buyers ask, then shows where your brand is mentioned, how it ranks against competitors, with what sentiment, which web sources the models cite, how this moves day by day, and how to improve your content so AI answers cite it.',
    keywords: 'product overview purpose about tool generative engine optimisation geo aeo seo visibility',
  },
  {
    id: 'models',
    question: 'Which AI models do you analyse?',
    answer: 'ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek. Light Mode runs ChatGPT 5 only.',
    keywords: 'openai gpt anthropic google xai grok deepseek perplexity llm engines assistants chatbots',
  },
  {
    id: 'queries',
    question: 'What is a query, and how many can a project have?',
    answer:
      'A query is a search-style question your buyers might ask an AI assistant, such as "best running shoes for flat feet". A project has up to 40 queries (20 in Light Mode). The product proposes them from your brand and market, and you can edit them.',
    keywords: 'questions prompts keywords limit maximum number forty twenty',
  },
  {
    id: 'competitors',
    question: 'How are competitors chosen?',
    answer: 'When you create a project, a model proposes up to 19 competitors for your market and region. You can add, edit or remove them before the analysis and later in Edit Project.',
    keywords: 'rivals competition brands compare competitor list add remove',
  },
  {
    id: 'mentions',
    question: 'How is a mention of my brand counted?',
    answer:
      'Each whole-word mention of the brand or one of its alternative names in an answer counts, ignoring links, citation numbers and the sources list at the end. In Japanese, Chinese, Thai, Korean and Arabic the match follows the rules of each script.',
    keywords: 'mention count counting brand name alternative names matching',
  },
  {
    id: 'rank',
    question: 'How is rank measured?',
    answer:
      'When an answer is a numbered list (or uses first, second, …), the brand’s rank is the position of the item that names it. The combined rank is the mean of the models’ non-zero ranks, to one decimal. Ranks 1-3 show green, 4-6 yellow, 7 and above red.',
    keywords: 'ranking position order list place average combined colours',
  },
  {
    id: 'visibility',
    question: 'What is visibility?',
    answer:
      'Visibility is the share of the six models whose answers rank your brand at all, rounded to a whole percent (Brand Rank and Query Rank). The Trends page, the API and MCP also show the rank rate, a different figure: the share of answers that rank your brand.',
    keywords: 'visibility percent percentage share models coverage',
  },
  {
    id: 'rank-rate',
    question: 'What is the rank rate?',
    answer:
      'The rank rate is the share of answers that rank your brand in a list, over every model, query and sample that answered, with its n and a 95 % interval. The Trends page, Rank Rate by Persona, the API (rankRate) and MCP show it. It differs from Visibility, the share of the six models that rank your brand.',
    keywords: 'rank rate ranked answers rankrate trends api mcp persona',
  },
  {
    id: 'share-of-model',
    question: 'What is Share of Model?',
    answer: 'Share of Model is your brand’s part of all brand mentions in the answers, per model and combined: the AI-answer equivalent of share of voice.',
    keywords: 'share of voice sov share of model percentage mentions market share',
  },
  {
    id: 'sentiment',
    question: 'How is sentiment measured?',
    answer:
      'Each sentence that names a brand scores +1 for every positive word and −1 for every negative word, and counts as positive, neutral or negative. Where no word list covers the project’s language, the screen says sentiment is not available rather than showing everything as neutral.',
    keywords: 'sentiment positive negative neutral tone opinion feeling score',
  },
  {
    id: 'duration',
    question: 'How long does an analysis take?',
    answer: 'Usually 2-5 minutes. You can watch each model’s progress on the progress page, and leave: the analysis keeps running on the server.',
    keywords: 'time duration long wait minutes speed progress slow',
  },
  {
    id: 'daily',
    question: 'How often can I run an analysis?',
    answer: 'One additional analysis per project per day (UTC). Daily runs build the Trends page, which shows how mentions and ranks move over time.',
    keywords: 'daily once per day again rerun repeat schedule frequency limit today',
  },
  {
    id: 'limits',
    question: 'What are the plan limits?',
    answer:
      'New accounts can create 1 project and run 1 analysis; Profile & Limits shows yours and what is left. For more, upgrade your plan or contact support. A paused account cannot create projects or run analyses until an administrator reactivates it.',
    keywords: 'plan tier quota limit light standard full upgrade paused account projects analyses pricing price cost',
  },
  {
    id: 'light-mode',
    question: 'What is Light Mode?',
    answer: 'Light Mode asks 20 queries instead of 40 and runs ChatGPT 5 only; Trends and Source Insights are locked.',
    keywords: 'light mode lite tier cheaper fewer',
  },
  {
    id: 'sources',
    question: 'What are Source Insights?',
    answer:
      'Source Insights list the web sites the models cite in their answers, classified as your own, competitors’ or earned (third-party) sources, so you can see which sites shape what AI assistants say about your market.',
    keywords: 'sources citations cited websites domains links references urls earned owned',
  },
  {
    id: 'optimiser',
    question: 'What does the Content Optimiser do?',
    answer:
      'It scores a page or a text on seven pillars that make AI answers cite it (0-100: 80+ excellent, 60-79 good, 40-59 fair, below 40 needs work), lists the most important actions, and can rewrite the content.',
    keywords: 'content optimiser optimizer optimise optimize page score improve rewrite pillars',
  },
  {
    id: 'ideator',
    question: 'What does the Content Ideator do?',
    answer: 'It proposes content ideas for a query, grounded in what the models answered and cited, and drafts the content you select, in nine content types and seven languages.',
    keywords: 'ideas ideator content recommendations blog article draft write generate',
  },
  {
    id: 'ai-chat',
    question: 'Can I ask questions about my results?',
    answer: 'Yes: AI Chat answers questions about your analysis using its real figures (ranks, mentions, sentiment, sources). It needs a completed analysis.',
    keywords: 'chat ask questions assistant conversation talk results analysis',
  },
  {
    id: 'export',
    question: 'Can I export the results?',
    answer: 'Every results table exports to Excel, and you can create a read-only export link of an analysis that stays active for 30 days.',
    keywords: 'export excel xlsx csv download spreadsheet share link pdf report',
  },
  {
    id: 'sharing',
    question: 'Can I share a project with a colleague?',
    answer: 'Yes: Share with User (by e-mail) on the Projects page gives them access to the project. Administrators can also make a project public.',
    keywords: 'share sharing colleague team collaborate access invite public private',
  },
  {
    id: 'languages',
    question: 'Which languages and markets are supported?',
    answer: 'A project can use any of 29 content languages and any market and region; the models are asked in the project’s language and the results are measured in it.',
    keywords: 'language languages market region country international locale translation japanese german french spanish',
  },
  {
    id: 'sign-in',
    question: 'How do I sign in?',
    answer: 'Sign in with your e-mail and password, or with your Microsoft work account where your organisation has enabled it.',
    keywords: 'login log in sign in sign up register account password microsoft azure entra sso',
  },
  {
    id: 'demo',
    question: 'Why does it say the data is simulated?',
    answer: 'Without AI provider keys the product runs in demo mode: a simulator answers in each model’s format so you can try every screen. Numbers in demo mode are not real AI answers.',
    keywords: 'demo simulated simulation fake sample test keys api keys',
  },
  {
    id: 'data',
    question: 'What happens to my data?',
    answer:
      'Your projects and analyses are visible only to you, to people you share them with and to administrators. Queries are sent to the AI providers you analyse. Cookie preferences (necessary, analytics, marketing, preferences) can be changed at any time.',
    keywords: 'privacy data gdpr security cookies personal information delete who can see',
  },
  {
    id: 'contact',
    question: 'How do I contact support?',
    answer: 'Use the Support & Info page from the user menu, or send feedback from inside the product.',
    keywords: 'support help contact email feedback problem bug issue',
  },
]

export const faqEntry = (id: string) => FAQ_ENTRIES.find((e) => e.id === id)
