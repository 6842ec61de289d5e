/**
 * The product's FAQ: the one maintained set of entries that the /faq page shows and the FAQ chat
 * answers from (retrieval in ./search.ts). Edit here; both follow. `keywords` are words a visitor
 * may use that the question and answer do not contain, in English, German, French and Spanish;
 * `examples` are other ways people ask the question (the chat matches a question against each of
 * them), some in German, French and Spanish. Keep the evaluation (search.eval.test.ts) free of
 * these exact phrasings, so its score says how well paraphrases are found.
 */
export interface FaqEntry {
  id: string
  question: string
  answer: string
  keywords: string
  examples: readonly string[]
}

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  {
    id: 'what-is-it',
    question: 'What does AI Brand Visibility do?',
    answer:
      'It asks six AI assistants the questions your buyers ask, then shows where your brand is mentioned, how it ranks against competitors, with what sentiment, which web sources the models cite, how this moves day by day, and how to improve your content so AI answers cite it.',
    keywords: 'aibrandvisibility product overview purpose about tool generative engine optimisation geo aeo seo visibility produkt werkzeug outil herramienta producto',
    examples: ["What is this product for?", "What can this tool do for my brand?", "Was macht AI Brand Visibility?", "À quoi sert cet outil ?", "¿Para qué sirve esta herramienta?"],
  },
  {
    id: 'models',
    question: 'Which AI models do you analyse?',
    answer: 'ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek. Light Mode runs ChatGPT 5 only.',
    keywords: 'openai gpt anthropic google xai grok deepseek perplexity llm llms engines assistants chatbots ki-modelle modelle modèles ia modelos',
    examples: ["Which LLMs are covered?", "Do you include Gemini and Perplexity?", "Welche KI-Modelle werden abgefragt?", "Quels modèles d'IA analysez-vous ?", "¿Qué modelos de IA analizan?"],
  },
  {
    id: 'queries',
    question: 'What is a query, and how many can a project have?',
    answer:
      'A query is a search-style question your buyers might ask an AI assistant, such as "best running shoes for flat feet". A project has up to 40 queries (20 in Light Mode). The product proposes them from your brand and market, and you can edit them.',
    keywords: 'questions prompts keywords forty twenty suchanfragen anfragen fragen requêtes questions consultas preguntas',
    examples: ["What questions are asked to the models?", "How many prompts per project?", "Wie viele Suchanfragen hat ein Projekt?", "Combien de requêtes par projet ?", "¿Cuántas consultas puede tener un proyecto?"],
  },
  {
    id: 'competitors',
    question: 'How are competitors chosen?',
    answer: 'When you create a project, a model proposes up to 19 competitors for your market and region. You can add, edit or remove them before the analysis and later in Edit Project.',
    keywords: 'rivals competition brands compare competitor list add remove wettbewerber konkurrenten mitbewerber concurrents concurrence competidores competencia',
    examples: ["Where does the competitor list come from?", "Can I add my own rivals?", "Wie werden die Wettbewerber ausgewählt?", "Comment les concurrents sont-ils choisis ?", "¿Cómo se eligen los competidores?"],
  },
  {
    id: 'mentions',
    question: 'How is a mention of my brand counted?',
    answer:
      'Each whole-word mention of the brand or one of its alternative names in an answer counts, ignoring links, citation numbers and the sources list at the end. In Japanese, Chinese, Thai, Korean and Arabic the match follows the rules of each script.',
    keywords: 'mention count counting brand name alternative names matching erwähnung erwähnungen nennungen zählt zählen marke mentions menciones marca',
    examples: ["When does a brand mention count?", "How do you detect my brand name in an answer?", "Wie werden Erwähnungen gezählt?", "Comment les mentions sont-elles comptées ?", "¿Cómo se cuentan las menciones?"],
  },
  {
    id: 'rank',
    question: 'How is rank measured?',
    answer:
      'When an answer is a numbered list (or uses first, second, …), the brand’s rank is the position of the item that names it. The combined rank is the mean of the models’ non-zero ranks, to one decimal. Ranks 1-3 show green, 4-6 yellow, 7 and above red.',
    keywords: 'ranking position order list place average combined colours platz platzierung rang classement position clasificación posición puesto',
    examples: ["How is my ranking position calculated?", "What do the rank colours mean?", "Wie wird das Ranking berechnet?", "Comment le classement est-il calculé ?", "¿Cómo se calcula la posición en el ranking?"],
  },
  {
    id: 'visibility',
    question: 'What is visibility?',
    answer:
      'Visibility is the share of the six models whose answers rank your brand at all, rounded to a whole percent (Brand Rank and Query Rank). The Trends page, the API and MCP also show the rank rate, a different figure: the share of answers that rank your brand.',
    keywords: 'visibility percent percentage share models coverage sichtbarkeit visibilité visibilidad',
    examples: ["What does the visibility percentage mean?", "How is visibility calculated?", "Was bedeutet Sichtbarkeit?", "Que signifie la visibilité ?", "¿Qué significa la visibilidad?"],
  },
  {
    id: 'rank-rate',
    question: 'What is the rank rate?',
    answer:
      'The rank rate is the share of answers that rank your brand in a list, over every model, query and sample that answered, with its n and a 95 % interval. The Trends page, Rank Rate by Persona, the API (rankRate) and MCP show it. It differs from Visibility, the share of the six models that rank your brand.',
    keywords: 'rankrate answer-level share of answers trends api mcp persona',
    examples: ["What is the rank rate on the Trends page?", "Why does the API show a different visibility than Brand Rank?", "Was ist die Rank Rate?", "Qu'est-ce que le taux de classement ?", "¿Qué es la tasa de ranking?"],
  },
  {
    id: 'share-of-model',
    question: 'What is Share of Model?',
    answer: 'Share of Model is your brand’s part of all brand mentions in the answers, per model and combined: the AI-answer equivalent of share of voice.',
    keywords: 'share of voice sov share of model percentage mentions market share anteil marktanteil part de voix part de modèle cuota de modelo cuota de voz',
    examples: ["Is Share of Model like share of voice?", "How is share of model calculated?", "Was ist der Share of Model?", "Qu'est-ce que la part de modèle ?", "¿Qué es la cuota de modelo?"],
  },
  {
    id: 'sentiment',
    question: 'How is sentiment measured?',
    answer:
      'Each sentence that names a brand scores +1 for every positive word and −1 for every negative word, and counts as positive, neutral or negative. Where no word list covers the project’s language, the screen says sentiment is not available rather than showing everything as neutral.',
    keywords: 'sentiment positive negative neutral tone opinion feeling score stimmung tonalität ton sentiment sentimiento tono',
    examples: ["How do you decide whether an answer is positive or negative?", "What does the sentiment score mean?", "Wie wird die Stimmung gemessen?", "Comment le sentiment est-il mesuré ?", "¿Cómo se mide el sentimiento?"],
  },
  {
    id: 'duration',
    question: 'How long does an analysis take?',
    answer: 'Usually 2-5 minutes. You can watch each model’s progress on the progress page, and leave: the analysis keeps running on the server.',
    keywords: 'time duration long wait minutes speed progress slow dauer dauert braucht zeit minuten durée temps minutes duración tiempo tarda minutos',
    examples: ["How many minutes until the results are ready?", "Why is my analysis still running?", "Wie lange dauert eine Analyse?", "Combien de temps dure une analyse ?", "¿Cuánto tarda un análisis?"],
  },
  {
    id: 'daily',
    question: 'How often can I run an analysis?',
    answer: 'One additional analysis per project per day (UTC). Daily runs build the Trends page, which shows how mentions and ranks move over time.',
    keywords: 'daily once per day again rerun repeat schedule frequency today täglich wiederholen jeden tag quotidien chaque jour relancer diario cada día repetir',
    examples: ["Can I rerun my project every day?", "How many analyses per day?", "Wie oft kann ich eine Analyse starten?", "Puis-je relancer l'analyse chaque jour ?", "¿Con qué frecuencia puedo ejecutar un análisis?"],
  },
  {
    id: 'limits',
    question: 'What are the plan limits?',
    answer:
      'New accounts can create 1 project and run 1 analysis; Profile & Limits shows yours and what is left. For more, upgrade your plan or contact support. A paused account cannot create projects or run analyses until an administrator reactivates it.',
    keywords: 'plan tier quota limit light standard full paused account projects analyses maximum number how many limits limite límite kontingent pausiert',
    examples: ["How many projects can I create?", "I reached my analysis limit, what now?", "Wie viele Projekte kann ich anlegen?", "Combien de projets puis-je créer ?", "¿Cuántos proyectos puedo crear?"],
  },
  {
    id: 'pricing',
    question: 'What does it cost, and what does each plan include?',
    answer:
      'The Light tier asks 20 queries of ChatGPT 5 only, without Trends, Source Insights or Audiences & Topics. The Standard and Full tiers ask up to 40 queries of all six models (ChatGPT 5, Claude Sonnet 4, Gemini, Perplexity Sonar, Grok-4 and DeepSeek) with Audiences & Topics. For prices and higher limits, contact support from the Support & Info page.',
    keywords: 'price pricing cost costs pay paid payment fee subscription free trial buy how much money euro dollar pound preis preise kosten bezahlen kostenlos abo prix coût tarif payer gratuit abonnement precio precios coste costo pagar gratis suscripción',
    examples: ["How much does it cost?", "What does each plan include?", "Is there a free plan?", "Was kostet das?", "Combien ça coûte ?", "¿Cuánto cuesta?"],
  },
  {
    id: 'light-mode',
    question: 'What is Light Mode?',
    answer: 'Light Mode asks 20 queries instead of 40 and runs ChatGPT 5 only; Trends and Source Insights are locked.',
    keywords: 'light mode lite cheaper fewer light-modus mode léger modo ligero',
    examples: ["What is the difference between light mode and the full analysis?", "Why is only ChatGPT available?", "Was ist der Light-Modus?", "Qu'est-ce que le mode léger ?", "¿Qué es el modo ligero?"],
  },
  {
    id: 'sources',
    question: 'What are Source Insights?',
    answer:
      'Source Insights list the web sites the models cite in their answers, classified as your own, competitors’ or earned (third-party) sources, so you can see which sites shape what AI assistants say about your market.',
    keywords: 'sources citations cited websites domains links references urls earned owned quellen zitiert webseiten sources citées sites fuentes citas sitios',
    examples: ["Which websites do the AI models cite?", "What are owned and earned sources?", "Welche Quellen zitieren die KI-Modelle?", "Quelles sources les modèles citent-ils ?", "¿Qué fuentes citan los modelos?"],
  },
  {
    id: 'optimiser',
    question: 'What does the Content Optimiser do?',
    answer:
      'It scores a page or a text on seven pillars that make AI answers cite it (0-100: 80+ excellent, 60-79 good, 40-59 fair, below 40 needs work), lists the most important actions, and can rewrite the content.',
    keywords: 'content optimiser optimizer optimise optimize page score improve rewrite pillars optimieren verbessern optimiser améliorer optimizar mejorar',
    examples: ["How can I make my page rank better in AI answers?", "Can you score my article?", "Wie optimiere ich meine Inhalte für KI?", "Comment optimiser mon contenu pour l'IA ?", "¿Cómo optimizo mi contenido para la IA?"],
  },
  {
    id: 'ideator',
    question: 'What does the Content Ideator do?',
    answer: 'It proposes content ideas for a query, grounded in what the models answered and cited, and drafts the content you select, in nine content types and seven languages.',
    keywords: 'ideas ideator content recommendations blog article draft write generate ideen inhalte artikel schreiben idées contenu article rédiger écrire ideas contenido artículo escribir redactar',
    examples: ["Can it suggest blog post ideas?", "Can it write an article for me?", "Kann das Tool Content-Ideen vorschlagen?", "Peut-il proposer des idées de contenu ?", "¿Puede sugerir ideas de contenido?"],
  },
  {
    id: 'ai-chat',
    question: 'Can I ask questions about my results?',
    answer: 'Yes: AI Chat answers questions about your analysis using its real figures (ranks, mentions, sentiment, sources). It needs a completed analysis.',
    keywords: 'chat ask questions assistant conversation talk results analysis fragen ergebnisse questions résultats preguntas resultados',
    examples: ["Can I chat with my analysis?", "Is there an assistant that explains my results?", "Kann ich Fragen zu meinen Ergebnissen stellen?", "Puis-je poser des questions sur mes résultats ?", "¿Puedo hacer preguntas sobre mis resultados?"],
  },
  {
    id: 'export',
    question: 'Can I export the results?',
    answer: 'Every results table exports to Excel, and you can create a read-only export link of an analysis that stays active for 30 days.',
    keywords: 'export excel xlsx csv download spreadsheet share link pdf report exportieren herunterladen exporter télécharger exportar descargar',
    examples: ["Can I get the data as a spreadsheet?", "How do I download a report?", "Kann ich die Ergebnisse exportieren?", "Puis-je exporter les résultats ?", "¿Puedo exportar los resultados?"],
  },
  {
    id: 'sharing',
    question: 'Can I share a project with a colleague?',
    answer: 'Yes: Share with User (by e-mail) on the Projects page gives them access to the project. Administrators can also make a project public.',
    keywords: 'share sharing colleague team collaborate access invite public teilen kollege kollegen partager collègue équipe compartir compañero equipo',
    examples: ["Can my team see my project?", "How do I give a coworker access?", "Kann ich ein Projekt mit Kollegen teilen?", "Puis-je partager un projet avec un collègue ?", "¿Puedo compartir un proyecto con un compañero?"],
  },
  {
    id: 'languages',
    question: 'Which languages and markets are supported?',
    answer: 'A project can use any of 29 content languages and any market and region; the models are asked in the project’s language and the results are measured in it.',
    keywords: 'language languages market region country international locale translation japanese german french spanish english italian track monitor sprache sprachen deutsch englisch französisch spanisch land länder langue langues allemand anglais espagnol français suivre pays idioma idiomas alemán inglés español francés país países seguir',
    examples: ["Can I analyse my brand in German?", "Do you support other countries than the UK?", "Welche Sprachen werden unterstützt?", "Quelles langues sont prises en charge ?", "¿Qué idiomas están disponibles?"],
  },
  {
    id: 'sign-in',
    question: 'How do I sign in?',
    answer: 'Sign in with your e-mail and password, or with your Microsoft work account where your organisation has enabled it.',
    keywords: 'login log in sign in sign up register account password forgot remember reset microsoft azure entra sso anmelden konto passwort connexion compte mot de passe iniciar sesión cuenta contraseña',
    examples: ["How do I create an account?", "I forgot my password", "Wie melde ich mich an?", "Comment me connecter ?", "¿Cómo inicio sesión?"],
  },
  {
    id: 'demo',
    question: 'Why does it say the data is simulated?',
    answer: 'Without AI provider keys the product runs in demo mode: a simulator answers in each model’s format so you can try every screen. Numbers in demo mode are not real AI answers.',
    keywords: 'demo simulated simulation fake sample test keys api keys simuliert echt simulé simulado',
    examples: ["Are these real AI answers?", "What is demo mode?", "Warum sind die Daten simuliert?", "Pourquoi les données sont-elles simulées ?", "¿Por qué los datos son simulados?"],
  },
  {
    id: 'data',
    question: 'What happens to my data?',
    answer:
      'Your projects and analyses are visible only to you, to people you share them with and to administrators. Queries are sent to the AI providers you analyse. Cookie preferences (necessary, analytics, marketing, preferences) can be changed at any time.',
    keywords: 'privacy private data gdpr security cookies personal information delete who can see privat privé privado datenschutz daten sicherheit données confidentialité sécurité datos privacidad seguridad',
    examples: ["Who can see my projects?", "Is my information secure?", "Was passiert mit meinen Daten?", "Que deviennent mes données ?", "¿Qué pasa con mis datos?"],
  },
  {
    id: 'contact',
    question: 'How do I contact support?',
    answer: 'Use the Support & Info page from the user menu, or send feedback from inside the product.',
    keywords: 'support help contact email feedback problem bug issue report hilfe kontakt rückmeldung fehler melden aide contacter retour avis signaler ayuda contacto comentarios informar',
    examples: ["How can I reach a human?", "Where do I report a bug?", "Wie erreiche ich den Support?", "Comment contacter le support ?", "¿Cómo contacto con soporte?"],
  },
]

export const faqEntry = (id: string) => FAQ_ENTRIES.find((e) => e.id === id)
