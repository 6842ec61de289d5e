/**
 * The simulated models' other languages: phrases for answers and framework queries, market
 * words and the native names of catalogue brands (ソニー, 三星, 삼성, ซัมซุง, سامسونج, ...),
 * so that a project in one of these languages is answered in it, as real models do when
 * asked in that language. English stays in answer.ts and framework.ts.
 *
 * Templates use {B} (brand), {attr}, {attr2}, {need}, {topic}, {top}, {second}, {last};
 * query templates use {m} (market), {need}, {attr}, {comp}, {comp2}. Korean templates put
 * 의 or a following noun after {B} so no particle depends on the brand's last sound;
 * Arabic ones attach the proclitics و ب ل to names, as Arabic writing does. Every setup
 * language but English has a phrasebook (pt-BR and pt-PT share "pt"); its sentiment words are
 * ones the product's lexicons (app/domain/metrics/lexicons.ts) score, so answers get a split.
 * RANK_MARKERS gives each language its own list markers.
 */
import { CJK_NUMERALS, ORDINAL_WORDS } from '../app/domain/metrics/rank-markers'
import type { BrandInfo } from './knowledge'
import { MARKET_LABELS } from './market-labels'

export interface Phrasebook {
  intros: string[]
  positive: string[]
  mixed: string[]
  negative: string[]
  followPositive: string[]
  followNegative: string[]
  closings: string[]
  attrs: string[]
  needs: string[]
  queries: string[]
  /** Market labels by market key. */
  labels: Record<string, string>
  /** Sentence end added to claims. */
  stop: string
  /** Between sentences of one paragraph. */
  space: string
}

const LABEL_KEYS = ['running-shoes', 'smartphones', 'electric-cars', 'coffee-chains', 'crm-software', 'project-management-software', 'uk-banks', 'mobile-networks'] as const

function labels(...names: string[]): Record<string, string> {
  return Object.fromEntries(LABEL_KEYS.map((k, i) => [k, names[i]]))
}

const ZH_TW: Phrasebook = {
  intros: ['根據最近的評測和專家意見，以下是{topic}的推薦選擇', '說到{topic}，有幾個品牌經常被提及'],
  positive: ['{B}的{attr}非常出色，{attr2}也廣受好評', '{B}是{need}的最佳選擇之一，{attr}表現優秀', '{B}是值得信賴的品牌，{attr}穩定可靠'],
  mixed: ['{B}的{attr}不錯，但有使用者認為價格偏高', '{B}適合{need}，不過{attr2}較弱，價格偏高'],
  negative: ['{B}知名度很高，但最近的評測中關於{attr}的投訴較多', '{B}價格昂貴，而且{attr2}存在問題'],
  followPositive: ['如果重視{attr}，這是穩妥的選擇。'],
  followNegative: ['購買前請查看最新評測。'],
  closings: ['整體而言，{top}是最均衡的選擇；如果更重視{attr}，也可以考慮{second}。'],
  attrs: ['品質', '價格', '設計', '耐用性', '售後服務', '易用性'],
  needs: ['新手', '家庭', '日常使用', '預算不多的人', '學生', '專業人士'],
  queries: ['適合{need}的{m}推薦', '哪款{m}的{attr}最好？', '{need}值得信賴的{m}品牌', '{comp}和{comp2}哪個更適合{need}？', '{comp}的替代{m}有哪些？', 'CP值高的{m}（{need}）', '{attr}最好的{m}排行'],
  labels: labels('跑鞋', '智慧型手機', '電動車', '咖啡連鎖店', 'CRM軟體', '專案管理軟體', '銀行帳戶', '電信業者'),
  stop: '。',
  space: '',
}

export const PHRASEBOOKS: Record<string, Phrasebook> = {
  ja: {
    intros: ['{topic}を選ぶなら、最近のレビューと専門家の評価から次のブランドがおすすめです', '{topic}では、いくつかのブランドが繰り返し高く評価されています'],
    positive: ['{B}は{attr}が優れており、{attr2}の評価も高いです', '{B}は{need}に最適な選択肢の一つで、{attr}が素晴らしいです', '{B}は信頼できるブランドとして人気があり、{attr}に定評があります'],
    mixed: ['{B}は{attr}が良いですが、割高だという声もあります', '{B}は{need}には便利ですが、{attr2}はやや物足りないです'],
    negative: ['{B}は知名度がありますが、最近のレビューでは{attr}への不満が多く見られます', '{B}は割高で、{attr2}に問題があるという報告があります'],
    followPositive: ['{attr}を重視するなら安心して選べます。'],
    followNegative: ['購入前に最新のレビューを確認してください。'],
    closings: ['総合的には{top}が最もバランスの良い選択で、{attr}を重視するなら{second}も検討する価値があります。'],
    attrs: ['品質', '価格', 'デザイン', '耐久性', 'サポート', '使いやすさ'],
    needs: ['初心者', '家族', '毎日の使用', '予算を重視する人', '学生', 'プロ'],
    queries: ['{need}におすすめの{m}は？', '{attr}が一番良い{m}はどれ？', '{need}向けの信頼できる{m}ブランド', '{comp}と{comp2}、{need}にはどちらが良い？', '{comp}の代わりになる{m}は？', 'コスパの良い{m}（{need}向け）', '{attr}で選ぶ{m}ランキング'],
    labels: labels('ランニングシューズ', 'スマートフォン', '電気自動車', 'コーヒーチェーン', 'CRMソフト', 'プロジェクト管理ツール', '銀行口座', '携帯キャリア'),
    stop: '。',
    space: '',
  },
  'zh-CN': {
    intros: ['根据最近的评测和专家意见，以下是{topic}的推荐选择', '说到{topic}，有几个品牌经常被提及'],
    positive: ['{B}的{attr}非常出色，{attr2}也广受好评', '{B}是{need}的最佳选择之一，{attr}表现优秀', '{B}是值得信赖的品牌，{attr}稳定可靠'],
    mixed: ['{B}的{attr}不错，但有用户认为价格偏高', '{B}适合{need}，不过{attr2}较弱，价格偏高'],
    negative: ['{B}知名度很高，但最近的评测中关于{attr}的投诉较多', '{B}价格昂贵，而且{attr2}存在问题'],
    followPositive: ['如果看重{attr}，这是稳妥的选择。'],
    followNegative: ['购买前请查看最新评测。'],
    closings: ['总体而言，{top}是最均衡的选择；如果更看重{attr}，也可以考虑{second}。'],
    attrs: ['质量', '价格', '设计', '耐用性', '售后服务', '易用性'],
    needs: ['新手', '家庭', '日常使用', '预算不多的人', '学生', '专业人士'],
    queries: ['适合{need}的{m}推荐', '哪款{m}的{attr}最好？', '{need}值得信赖的{m}品牌', '{comp}和{comp2}哪个更适合{need}？', '{comp}的替代{m}有哪些？', '性价比高的{m}（{need}）', '{attr}最好的{m}排行'],
    labels: labels('跑鞋', '智能手机', '电动汽车', '咖啡连锁店', 'CRM软件', '项目管理软件', '银行账户', '移动运营商'),
    stop: '。',
    space: '',
  },
  'zh-TW': ZH_TW,
  ko: {
    intros: ['최근 리뷰와 전문가 평가를 바탕으로 한 {topic} 추천 브랜드는 다음과 같습니다', '{topic} 분야에서는 몇몇 브랜드가 꾸준히 좋은 평가를 받습니다'],
    positive: ['{B}의 제품은 {attr} 면에서 뛰어나고 {attr2} 면에서도 호평을 받습니다', '{B} 브랜드는 {need}에게 최고의 선택 중 하나이며 {attr} 면에서 훌륭합니다', '{B}의 제품은 믿을 수 있는 브랜드로 인기가 많습니다'],
    mixed: ['{B}의 제품은 {attr} 면에서 좋은 편이지만 비싼 가격이 아쉽습니다', '{B} 브랜드는 {need}에게 적합하지만 {attr2} 면에서는 부족합니다'],
    negative: ['{B} 브랜드는 잘 알려져 있지만 최근 리뷰에서 {attr} 관련 불만이 많습니다', '{B}의 제품은 비싼 편이고 {attr2} 면에서 문제가 있다는 보고가 있습니다'],
    followPositive: ['{attr} 면을 중시한다면 안심하고 고를 수 있습니다.'],
    followNegative: ['구매 전에 최신 리뷰를 확인하세요.'],
    closings: ['종합적으로 {top}의 제품이 가장 균형 잡힌 선택이며, {attr} 면을 중시한다면 {second}의 제품도 고려할 만합니다.'],
    attrs: ['품질', '가격', '디자인', '내구성', '고객 지원', '사용 편의성'],
    needs: ['초보자', '가족', '일상 사용자', '알뜰한 소비자', '학생', '전문가'],
    queries: ['{need}에게 추천하는 {m}', '{attr} 면에서 가장 좋은 {m} 브랜드는?', '{need}를 위한 믿을 수 있는 {m} 브랜드', '{comp}와 {comp2} 중 {need}에게 더 좋은 것은?', '{comp} 대신 살 만한 {m}', '가성비 좋은 {m} 추천 ({need})', '{attr} 기준 {m} 순위'],
    labels: labels('러닝화', '스마트폰', '전기차', '커피 체인', 'CRM 소프트웨어', '프로젝트 관리 소프트웨어', '은행 계좌', '이동통신사'),
    stop: '.',
    space: ' ',
  },
  th: {
    intros: ['จากรีวิวล่าสุดและความเห็นของผู้เชี่ยวชาญ นี่คือตัวเลือกที่แนะนำสำหรับ{topic}', 'สำหรับ{topic} มีบางแบรนด์ที่ถูกพูดถึงบ่อย'],
    positive: ['{B}มี{attr}ที่ยอดเยี่ยมและ{attr2}ที่น่าเชื่อถือ', '{B}เป็นหนึ่งในตัวเลือกที่ดีที่สุดสำหรับ{need} และได้รับความนิยมมาก', '{B}โดดเด่นเรื่อง{attr} และผู้ใช้ส่วนใหญ่พอใจ'],
    mixed: ['{B}มี{attr}ที่ดีมาก แต่ราคาค่อนข้างแพง', '{B}เหมาะกับ{need} แต่{attr2}ยังด้อยกว่าคู่แข่ง'],
    negative: ['{B}เป็นแบรนด์ที่คนรู้จัก แต่รีวิวล่าสุดมีข้อร้องเรียนเรื่อง{attr}', '{B}ราคาแพงและมีปัญหาเรื่อง{attr2}'],
    followPositive: ['ถ้าให้ความสำคัญกับ{attr} นี่คือตัวเลือกที่ปลอดภัย'],
    followNegative: ['ควรอ่านรีวิวล่าสุดก่อนตัดสินใจซื้อ'],
    closings: ['โดยรวมแล้ว {top} เป็นตัวเลือกที่สมดุลที่สุด ส่วน {second} ก็น่าพิจารณาหากให้ความสำคัญกับ{attr}'],
    attrs: ['คุณภาพ', 'ราคา', 'การออกแบบ', 'ความทนทาน', 'บริการหลังการขาย', 'การใช้งาน'],
    needs: ['มือใหม่', 'ครอบครัว', 'การใช้งานประจำวัน', 'ผู้ที่มีงบไม่มาก', 'นักเรียน', 'มืออาชีพ'],
    queries: ['{m}ที่ดีที่สุดสำหรับ{need}', '{m}ยี่ห้อไหนมี{attr}ดีที่สุด', 'แบรนด์{m}ที่น่าเชื่อถือสำหรับ{need}', '{comp} กับ {comp2} อันไหนดีกว่าสำหรับ{need}', '{m}ที่ใช้แทน{comp}ได้', '{m}ราคาคุ้มค่าสำหรับ{need}', 'อันดับ{m}ตาม{attr}'],
    labels: labels('รองเท้าวิ่ง', 'สมาร์ทโฟน', 'รถยนต์ไฟฟ้า', 'ร้านกาแฟ', 'ซอฟต์แวร์ CRM', 'ซอฟต์แวร์บริหารโครงการ', 'บัญชีธนาคาร', 'เครือข่ายมือถือ'),
    stop: '',
    space: ' ',
  },
  ar: {
    intros: ['بناءً على أحدث المراجعات وآراء الخبراء، هذه أفضل الخيارات في {topic}', 'عندما يتعلق الأمر ب{topic}، تتكرر بعض العلامات التجارية دائمًا'],
    positive: ['تتميز {B} ب{attr} الممتازة وهي موثوقة جدًا', 'تعد {B} من أفضل الخيارات بالنسبة إلى {need} وهي شائعة جدًا', 'يشيد المستخدمون ب{B} لأنها رائعة في {attr}'],
    mixed: ['{B} جيدة في {attr} لكن سعرها مرتفع', 'تناسب {B} {need} لكن {attr2} فيها ضعيفة'],
    negative: ['{B} معروفة لكن المراجعات الأخيرة تذكر مشاكل في {attr}', '{B} باهظة الثمن و{attr2} فيها سيئة'],
    followPositive: ['إنها خيار آمن إذا كانت {attr} مهمة لك.'],
    followNegative: ['تحقق من المراجعات الحديثة قبل الشراء.'],
    closings: ['بشكل عام، {top} هو الخيار الأكثر توازنًا، و{second} يستحق التفكير إذا كانت {attr} أولويتك.'],
    attrs: ['الجودة', 'السعر', 'التصميم', 'المتانة', 'خدمة العملاء', 'سهولة الاستخدام'],
    needs: ['المبتدئين', 'العائلات', 'الاستخدام اليومي', 'أصحاب الميزانية المحدودة', 'الطلاب', 'المحترفين'],
    queries: ['ما هي أفضل {m} بالنسبة إلى {need}؟', 'أي {m} لديها أفضل {attr}؟', 'علامات {m} موثوقة بالنسبة إلى {need}', '{comp} أم {comp2}: أيهما أفضل بالنسبة إلى {need}؟', 'بدائل {comp} في {m}', '{m} بسعر مناسب بالنسبة إلى {need}', 'ترتيب {m} حسب {attr}'],
    labels: labels('أحذية الجري', 'الهواتف الذكية', 'السيارات الكهربائية', 'سلاسل المقاهي', 'برامج إدارة علاقات العملاء', 'برامج إدارة المشاريع', 'الحسابات المصرفية', 'شبكات الهاتف المحمول'),
    stop: '.',
    space: ' ',
  },
  hi: {
    intros: ['हाल की समीक्षाओं और विशेषज्ञों की राय के आधार पर {topic} के लिए ये सबसे अच्छे विकल्प हैं', '{topic} की बात करें तो कुछ ब्रांड बार-बार सामने आते हैं'],
    positive: ['{B} अपनी उत्कृष्ट {attr} और विश्वसनीय {attr2} के लिए जाना जाता है', '{B} {need} के लिए सबसे लोकप्रिय विकल्पों में से एक है', '{B} की {attr} शानदार है और ग्राहक इसे भरोसेमंद मानते हैं'],
    mixed: ['{B} की {attr} अच्छी है, लेकिन कीमत थोड़ी महंगी है', '{B} {need} के लिए ठीक है, लेकिन इसकी {attr2} कमजोर है'],
    negative: ['{B} एक जाना-माना नाम है, लेकिन हाल की समीक्षाओं में {attr} को लेकर शिकायतें हैं', '{B} महंगा है और इसकी {attr2} में समस्याएं हैं'],
    followPositive: ['अगर {attr} आपके लिए ज़रूरी है तो यह सुरक्षित विकल्प है।'],
    followNegative: ['खरीदने से पहले ताज़ा समीक्षाएँ ज़रूर देखें।'],
    closings: ['कुल मिलाकर {top} सबसे संतुलित विकल्प है, जबकि {attr} को प्राथमिकता देने वालों के लिए {second} भी अच्छा है।'],
    attrs: ['गुणवत्ता', 'कीमत', 'डिज़ाइन', 'टिकाऊपन', 'ग्राहक सेवा', 'उपयोग में आसानी'],
    needs: ['शुरुआती लोगों', 'परिवारों', 'रोज़ाना इस्तेमाल', 'कम बजट वालों', 'छात्रों', 'पेशेवरों'],
    queries: ['{need} के लिए सबसे अच्छे {m} कौन से हैं?', 'किस {m} ब्रांड की {attr} सबसे अच्छी है?', '{need} के लिए भरोसेमंद {m} ब्रांड', '{comp} या {comp2}: {need} के लिए कौन बेहतर है?', '{comp} के विकल्प: {m}', '{need} के लिए किफायती {m}', '{attr} के आधार पर {m} की रैंकिंग'],
    labels: labels('रनिंग शूज़', 'स्मार्टफोन', 'इलेक्ट्रिक कारें', 'कॉफी चेन', 'CRM सॉफ्टवेयर', 'प्रोजेक्ट मैनेजमेंट सॉफ्टवेयर', 'बैंक खाते', 'मोबाइल नेटवर्क'),
    stop: '।',
    space: ' ',
  },
  ru: {
    intros: ['По последним обзорам и мнениям экспертов, вот лучшие варианты в категории «{topic}»', 'В категории «{topic}» несколько брендов упоминаются постоянно'],
    positive: ['{B} — отличный бренд, и параметр «{attr}» здесь на высоте', '{B} — один из лучших вариантов: надёжный и популярный бренд', '{B} предлагает отличное качество и надёжный сервис'],
    mixed: ['{B} — хороший бренд, но его продукция дорогая', '{B} подходит многим, но параметр «{attr2}» слабый'],
    negative: ['{B} известен, но в последних обзорах много жалоб на параметр «{attr}»', '{B} — дорогой бренд, и у него есть проблемы с качеством'],
    followPositive: ['Это безопасный выбор, если для вас важен параметр «{attr}».'],
    followNegative: ['Перед покупкой прочитайте свежие отзывы.'],
    closings: ['В целом {top} — самый сбалансированный выбор, а {second} стоит рассмотреть, если важен параметр «{attr}».'],
    attrs: ['качество', 'цена', 'дизайн', 'долговечность', 'поддержка', 'удобство'],
    needs: ['новички', 'семьи', 'повседневное использование', 'небольшой бюджет', 'студенты', 'профессионалы'],
    queries: ['лучшие {m}: {need}', 'какие {m} лучше по параметру «{attr}»', 'надёжные бренды: {m} ({need})', '{comp} или {comp2}: что лучше ({need})', 'альтернативы {comp}: {m}', 'недорогие {m} ({need})', 'рейтинг: {m} по параметру «{attr}»'],
    labels: labels('кроссовки для бега', 'смартфоны', 'электромобили', 'сети кофеен', 'CRM-системы', 'системы управления проектами', 'банковские счета', 'мобильные операторы'),
    stop: '.',
    space: ' ',
  },
  tr: {
    intros: ['Son incelemelere ve uzman görüşlerine göre {topic} için en iyi seçenekler şunlar', '{topic} söz konusu olduğunda bazı markalar sürekli öne çıkıyor'],
    positive: ['{B} mükemmel {attr} ve güvenilir {attr2} sunuyor', '{B}, {need} için en iyi seçeneklerden biri ve çok popüler', '{B} kaliteli ve yenilikçi bir marka olarak biliniyor'],
    mixed: ['{B} iyi bir {attr} sunuyor ama fiyatı pahalı', '{B}, {need} için uygun ama {attr2} konusunda zayıf'],
    negative: ['{B} tanınan bir marka ama son yorumlarda {attr} hakkında şikayetler var', '{B} pahalı ve {attr2} konusunda sorunlar yaşanıyor'],
    followPositive: ['{attr} sizin için önemliyse güvenli bir tercih.'],
    followNegative: ['Satın almadan önce güncel yorumları okuyun.'],
    closings: ['Genel olarak {top} en dengeli seçim; {attr} önceliğinizse {second} de değerlendirilebilir.'],
    attrs: ['kalite', 'fiyat', 'tasarım', 'dayanıklılık', 'müşteri hizmetleri', 'kullanım kolaylığı'],
    needs: ['yeni başlayanlar', 'aileler', 'günlük kullanım', 'evde kullanım', 'öğrenciler', 'profesyoneller'],
    queries: ['{need} için en iyi {m}', '{attr} açısından en iyi {m} hangisi', '{need} için güvenilir {m} markaları', '{comp} mı {comp2} mi: {need} için hangisi daha iyi', '{comp} yerine alınabilecek {m}', '{need} için uygun fiyatlı {m}', '{attr} sıralamasına göre {m}'],
    labels: labels('koşu ayakkabıları', 'akıllı telefonlar', 'elektrikli arabalar', 'kahve zincirleri', 'CRM yazılımları', 'proje yönetim yazılımları', 'banka hesapları', 'mobil operatörler'),
    stop: '.',
    space: ' ',
  },
  de: {
    // {x:form} placeholders are filled with German articles and cases (grammar.ts).
    intros: ['Auf Grundlage aktueller Tests und Expertenmeinungen sind dies die besten Optionen bei {topic:datplain}', 'Bei {topic:datplain} tauchen einige Marken immer wieder auf'],
    positive: ['{B} ist ausgezeichnet {attr:bei} und sehr zuverlässig', '{B} gehört zu den besten Optionen für {need} und ist sehr beliebt', '{B} ist eine hochwertige und innovative Marke'],
    mixed: ['{B} schneidet {attr:bei} solide ab, ist aber teuer', '{B} eignet sich für {need}, ist {attr2:bei} aber schwach'],
    negative: ['{B} ist bekannt, aber aktuelle Tests nennen Beschwerden über {attr:acc}', '{B} ist teuer und hat Probleme {attr2:bei}'],
    followPositive: ['Eine sichere Wahl, wenn Ihnen {attr:nom} wichtig ist.'],
    followNegative: ['Lesen Sie vor dem Kauf aktuelle Bewertungen.'],
    closings: ['Insgesamt ist {top} die ausgewogenste Wahl; {second} lohnt sich, wenn {attr:nom} Priorität hat.'],
    attrs: ['Qualität', 'Preis', 'Design', 'Haltbarkeit', 'Kundenservice', 'Bedienung'],
    needs: ['Einsteiger', 'Familien', 'den Alltag', 'kleine Budgets', 'Studierende', 'Profis'],
    queries: ['beste {m} für {need}', '{m:welche} {m} {m:haben} {attr:best}', '{m} für {need}: welche Marke ist am zuverlässigsten', '{comp} oder {comp2}: was ist besser für {need}', 'Alternativen zu {comp} für {need}', 'günstige {m} für {need}', '{m} im Test: wer überzeugt {attr:bei}'],
    labels: labels('Laufschuhe', 'Smartphones', 'Elektroautos', 'Kaffeeketten', 'CRM-Software', 'Projektmanagement-Software', 'Bankkonten', 'Mobilfunkanbieter'),
    stop: '.',
    space: ' ',
  },
  pl: {
    intros: ['Na podstawie najnowszych recenzji i opinii ekspertów oto najlepsze opcje w kategorii {topic}', 'W kategorii {topic} kilka marek pojawia się regularnie'],
    positive: ['{B} to doskonały wybór i niezawodna marka', '{B} to jedna z najlepszych opcji w kategorii {need}, bardzo popularna', '{B} oferuje solidne i innowacyjne produkty'],
    mixed: ['{B} oferuje dobrą jakość, ale jest drogi', '{B} pasuje do potrzeb ({need}), ale {attr2} jest słaba'],
    negative: ['{B} jest znana, ale w recenzjach pojawiają się skargi na {attr}', '{B} jest drogi i ma problemy z jakością'],
    followPositive: ['To bezpieczny wybór.'],
    followNegative: ['Przed zakupem sprawdź aktualne recenzje.'],
    closings: ['Ogólnie {top} to najbardziej zrównoważony wybór, a {second} warto rozważyć, jeśli liczy się {attr}.'],
    attrs: ['jakość', 'cena', 'design', 'trwałość', 'obsługa klienta', 'łatwość obsługi'],
    needs: ['początkujący', 'rodziny', 'codzienne użytkowanie', 'mały budżet', 'studenci', 'profesjonaliści'],
    queries: ['najlepsze {m}: {need}', 'które {m} wypadają najlepiej pod względem {attr}', 'niezawodne marki – {m} ({need})', '{comp} czy {comp2}: co lepsze ({need})', 'alternatywy dla {comp} – {m}', 'tanie {m} ({need})', 'ranking: {m} według kryterium {attr}'],
    labels: labels('buty do biegania', 'smartfony', 'samochody elektryczne', 'sieci kawiarni', 'systemy CRM', 'oprogramowanie do zarządzania projektami', 'konta bankowe', 'sieci komórkowe'),
    stop: '.',
    space: ' ',
  },
  es: {
    intros: ['Según las reseñas más recientes y la opinión de expertos, estas son las mejores opciones de {topic}', 'En {topic}, algunas marcas aparecen una y otra vez'],
    positive: ['{B} destaca por {attr} y es muy popular', '{B} es una de las mejores opciones para {need} y tiene un servicio excelente', '{B} es una marca popular y de calidad'],
    mixed: ['{B} cumple bien en cuanto a {attr}, pero es caro', '{B} es adecuado para {need}, aunque su punto débil es {attr2}'],
    negative: ['{B} es conocido, pero las reseñas recientes mencionan problemas y quejas con {attr}', '{B} es caro y acumula quejas sobre {attr2}'],
    followPositive: ['Es una elección segura si te importa {attr}.'],
    followNegative: ['Lee reseñas recientes antes de comprar.'],
    closings: ['En general, {top} es la opción más equilibrada, y {second} merece la pena si {attr} es tu prioridad.'],
    attrs: ['la calidad', 'el precio', 'el diseño', 'la durabilidad', 'la atención al cliente', 'la facilidad de uso'],
    needs: ['principiantes', 'familias', 'el uso diario', 'presupuestos ajustados', 'estudiantes', 'profesionales'],
    queries: ['mejores {m} para {need}', '¿qué marca de {m} destaca por {attr}?', 'marcas de {m} fiables para {need}', '¿{comp} o {comp2}? ¿Cuál es mejor para {need}?', 'alternativas a {comp} en {m}', '{m} con buena relación calidad-precio para {need}', 'ranking de {m} según {attr}'],
    labels: labels('zapatillas de running', 'smartphones', 'coches eléctricos', 'cadenas de cafeterías', 'software CRM', 'software de gestión de proyectos', 'cuentas bancarias', 'operadores móviles'),
    stop: '.',
    space: ' ',
  },
  pt: {
    intros: ['Com base nas avaliações mais recentes e na opinião de especialistas, estas são as melhores opções de {topic}', 'Em {topic}, algumas marcas aparecem com frequência'],
    positive: ['{B} é excelente em {attr} e muito confiável', '{B} é uma das melhores opções para {need} e é muito popular', '{B} é uma marca popular, confiável e de qualidade'],
    mixed: ['{B} vai bem em {attr}, mas é caro', '{B} serve para {need}, mas é fraco em {attr2}'],
    negative: ['{B} é conhecido, mas as avaliações recentes citam problemas de {attr} e um atendimento fraco', '{B} é caro e tem problemas de {attr2}'],
    followPositive: ['É uma escolha segura para {need}.'],
    followNegative: ['Leia avaliações recentes antes de comprar.'],
    closings: ['No geral, {top} é a escolha mais equilibrada; {second} vale a pena se {attr} for a sua prioridade.'],
    attrs: ['qualidade', 'preço', 'design', 'durabilidade', 'atendimento ao cliente', 'facilidade de uso'],
    needs: ['iniciantes', 'famílias', 'uso diário', 'orçamentos apertados', 'estudantes', 'profissionais'],
    queries: ['melhores {m} para {need}', 'quais {m} se destacam em {attr}?', 'marcas de {m} confiáveis para {need}', '{comp} ou {comp2}: qual é melhor para {need}?', 'alternativas a {comp} em {m}', '{m} com bom custo-benefício para {need}', 'ranking de {m} por {attr}'],
    labels: labels('tênis de corrida', 'smartphones', 'carros elétricos', 'redes de cafeterias', 'software de CRM', 'software de gestão de projetos', 'contas bancárias', 'operadoras de telefonia móvel'),
    stop: '.',
    space: ' ',
  },
  fr: {
    intros: ['D’après les tests récents et l’avis des experts, voici les meilleures options pour {topic}', 'Pour {topic}, quelques marques reviennent sans cesse'],
    positive: ['{B} est excellent pour {attr} et très fiable', '{B} est l’un des meilleurs choix pour {need} et reste très populaire', '{B} est une marque populaire et fiable'],
    mixed: ['{B} est solide pour {attr}, mais cher', '{B} convient pour {need}, mais reste faible sur {attr2}'],
    negative: ['{B} est connu, mais les avis récents signalent des problèmes et des plaintes concernant {attr}', '{B} est cher et suscite des plaintes sur {attr2}'],
    followPositive: ['C’est un choix sûr pour {need}.'],
    followNegative: ['Lisez les avis récents avant d’acheter.'],
    closings: ['Dans l’ensemble, {top} est le choix le plus équilibré, et {second} mérite d’être considéré si {attr} est votre priorité.'],
    attrs: ['la qualité', 'le prix', 'le design', 'la durabilité', 'le service client', 'la facilité d’utilisation'],
    needs: ['les débutants', 'les familles', 'un usage quotidien', 'les petits budgets', 'les étudiants', 'les professionnels'],
    queries: ['comparatif {m} pour {need}', '{m} : le meilleur choix pour {need}', 'marques fiables de {m} pour {need}', '{comp} ou {comp2} : que choisir pour {need} ?', 'alternatives à {comp} ({m})', '{m} au meilleur rapport qualité-prix pour {need}', '{m} : classement selon {attr}'],
    labels: labels('chaussures de running', 'smartphones', 'voitures électriques', 'chaînes de cafés', 'logiciels CRM', 'logiciels de gestion de projet', 'comptes bancaires', 'opérateurs mobiles'),
    stop: '.',
    space: ' ',
  },
  it: {
    intros: ['In base alle recensioni più recenti e al parere degli esperti, queste sono le migliori opzioni per {topic}', 'Per {topic}, alcuni marchi vengono citati di continuo'],
    positive: ['{B} è eccellente per {attr} e molto affidabile', '{B} è una delle scelte migliori per {need} ed è molto popolare', '{B} è un marchio innovativo, affidabile e consigliato'],
    mixed: ['{B} va bene per {attr}, ma è caro', '{B} è adatto a {need}, ma è debole su {attr2}'],
    negative: ['{B} è noto, ma le recensioni recenti segnalano problemi di {attr} e un servizio debole', '{B} è caro e ha problemi di {attr2}'],
    followPositive: ['È una scelta consigliata per {need}.'],
    followNegative: ['Leggi le recensioni recenti prima di comprare.'],
    closings: ['Nel complesso {top} è la scelta più equilibrata, mentre {second} merita attenzione per {attr}.'],
    attrs: ['qualità', 'prezzo', 'design', 'durata', 'assistenza clienti', 'facilità d’uso'],
    needs: ['principianti', 'famiglie', 'uso quotidiano', 'budget ridotti', 'studenti', 'professionisti'],
    queries: ['migliori {m} per {need}', '{m}: quali sono i migliori per {attr}?', 'marchi affidabili di {m} per {need}', '{comp} o {comp2}: quale è meglio per {need}?', 'alternative a {comp} ({m})', '{m} con il miglior rapporto qualità-prezzo per {need}', 'classifica {m} per {attr}'],
    labels: labels('scarpe da corsa', 'smartphone', 'auto elettriche', 'catene di caffetterie', 'software CRM', 'software di gestione progetti', 'conti bancari', 'operatori mobili'),
    stop: '.',
    space: ' ',
  },
  nl: {
    intros: ['Op basis van recente tests en het oordeel van experts zijn dit de beste opties voor {topic}', 'Bij {topic} komen een paar merken steeds terug'],
    positive: ['{B} is uitstekend op het gebied van {attr} en zeer betrouwbaar', '{B} is een van de beste keuzes voor {need} en erg populair', '{B} is een innovatief en betrouwbaar merk'],
    mixed: ['{B} is goed in {attr}, maar duur', '{B} past bij {need}, maar is zwak in {attr2}'],
    negative: ['{B} is bekend, maar recente reviews melden problemen en klachten over {attr}', '{B} is duur en krijgt klachten over {attr2}'],
    followPositive: ['Een betrouwbare keuze voor {need}.'],
    followNegative: ['Lees recente reviews voordat u koopt.'],
    closings: ['Al met al is {top} de meest evenwichtige keuze; {second} is de moeite waard als {attr} voorop staat.'],
    attrs: ['kwaliteit', 'prijs', 'design', 'duurzaamheid', 'klantenservice', 'gebruiksgemak'],
    needs: ['beginners', 'gezinnen', 'dagelijks gebruik', 'een klein budget', 'studenten', 'professionals'],
    queries: ['beste {m} voor {need}', 'welke {m} scoren het best op {attr}?', 'betrouwbare merken {m} voor {need}', '{comp} of {comp2}: wat is beter voor {need}?', 'alternatieven voor {comp} ({m})', 'voordelige {m} voor {need}', '{m} vergeleken op {attr}'],
    labels: labels('hardloopschoenen', 'smartphones', 'elektrische auto’s', 'koffieketens', 'CRM-software', 'projectmanagementsoftware', 'bankrekeningen', 'mobiele providers'),
    stop: '.',
    space: ' ',
  },
  uk: {
    intros: ['За останніми оглядами та думкою експертів, ось найкращі варіанти в категорії «{topic}»', 'У категорії «{topic}» кілька брендів згадуються постійно'],
    positive: ['{B} — чудовий і надійний бренд', '{B} — популярний бренд із хорошою репутацією', '{B} пропонує надійний сервіс, і параметр «{attr}» тут на висоті'],
    mixed: ['{B} — хороший бренд, але дорогий', '{B} підходить багатьом, але параметр «{attr2}» слабкий'],
    negative: ['{B} — слабкий бренд, і в останніх оглядах згадують проблеми з параметром «{attr}»', '{B} — дорогий бренд, і в нього є проблеми з якістю'],
    followPositive: ['Це безпечний вибір, якщо для вас важливий параметр «{attr}».'],
    followNegative: ['Перед покупкою прочитайте свіжі відгуки.'],
    closings: ['Загалом {top} — найзбалансованіший вибір, а {second} варто розглянути, якщо важливий параметр «{attr}».'],
    attrs: ['якість', 'ціна', 'дизайн', 'довговічність', 'підтримка', 'зручність'],
    needs: ['новачки', 'сім’ї', 'щоденне використання', 'невеликий бюджет', 'студенти', 'професіонали'],
    queries: ['найкращі {m}: {need}', 'які {m} кращі за параметром «{attr}»', 'надійні бренди: {m} ({need})', '{comp} чи {comp2}: що краще ({need})', 'альтернативи {comp}: {m}', 'недорогі {m} ({need})', 'рейтинг: {m} за параметром «{attr}»'],
    labels: labels('кросівки для бігу', 'смартфони', 'електромобілі', 'мережі кав’ярень', 'CRM-системи', 'системи управління проєктами', 'банківські рахунки', 'мобільні оператори'),
    stop: '.',
    space: ' ',
  },
  vi: {
    intros: ['Dựa trên các đánh giá gần đây và ý kiến chuyên gia, đây là những lựa chọn tốt nhất cho {topic}', 'Với {topic}, một vài thương hiệu thường xuyên được nhắc đến'],
    positive: ['{B} nổi bật về {attr} và rất đáng tin cậy', '{B} là một trong những lựa chọn tốt nhất cho {need} và rất phổ biến', '{B} là thương hiệu phổ biến và đáng tin cậy'],
    mixed: ['{B} có {attr} tốt, nhưng giá hơi cao', '{B} phù hợp với {need}, nhưng {attr2} còn yếu'],
    negative: ['{B} có nhiều vấn đề về {attr}, và người dùng phàn nàn khá nhiều', '{B} giá cao và có vấn đề về {attr2}'],
    followPositive: ['Đây là lựa chọn an toàn nếu bạn coi trọng {attr}.'],
    followNegative: ['Hãy đọc các đánh giá mới nhất trước khi mua.'],
    closings: ['Nhìn chung, {top} là lựa chọn cân bằng nhất, còn {second} đáng cân nhắc nếu bạn ưu tiên {attr}.'],
    attrs: ['chất lượng', 'giá cả', 'thiết kế', 'độ bền', 'dịch vụ khách hàng', 'sự tiện dụng'],
    needs: ['người mới bắt đầu', 'gia đình', 'sử dụng hằng ngày', 'ngân sách hạn chế', 'sinh viên', 'người dùng chuyên nghiệp'],
    queries: ['{m} tốt nhất cho {need}', '{m} nào có {attr} tốt nhất?', 'thương hiệu {m} đáng tin cậy cho {need}', '{comp} hay {comp2}: cái nào tốt hơn cho {need}?', 'lựa chọn thay thế {comp} ({m})', '{m} giá hợp lý cho {need}', 'xếp hạng {m} theo {attr}'],
    labels: labels('giày chạy bộ', 'điện thoại thông minh', 'ô tô điện', 'chuỗi cà phê', 'phần mềm CRM', 'phần mềm quản lý dự án', 'tài khoản ngân hàng', 'nhà mạng di động'),
    stop: '.',
    space: ' ',
  },
  jv: {
    intros: ['Miturut review paling anyar lan panemune para ahli, iki pilihan paling apik kanggo {topic}', 'Kanggo {topic}, ana sawetara merek sing kerep disebut'],
    positive: ['{B} apik banget ing {attr} lan bisa dipercaya', '{B} salah siji pilihan paling apik kanggo {need} lan populer banget', '{B} merek sing populer lan inovatif'],
    mixed: ['{B} apik ing {attr}, nanging regane larang', '{B} cocog kanggo {need}, nanging {attr2} isih kurang'],
    negative: ['{B} kondhang, nanging akeh masalah lan keluhan babagan {attr}, layanane uga ala', '{B} regane larang lan ana masalah ing {attr2}'],
    followPositive: ['Iki pilihan sing aman yen {attr} penting kanggo sampeyan.'],
    followNegative: ['Wacanen review anyar sadurunge tuku.'],
    closings: ['Sakabèhé, {top} pilihan sing paling seimbang, lan {second} pantes dipikirake yen {attr} dadi prioritas.'],
    attrs: ['kualitas', 'rega', 'desain', 'daya tahan', 'layanan pelanggan', 'gampang digunakake'],
    needs: ['pamula', 'kulawarga', 'panggunaan saben dina', 'budget cilik', 'mahasiswa', 'profesional'],
    queries: ['{m} paling apik kanggo {need}', '{m} endi sing paling apik babagan {attr}?', 'merek {m} sing bisa dipercaya kanggo {need}', '{comp} utawa {comp2}: endi sing luwih apik kanggo {need}?', 'alternatif {comp} ({m})', '{m} murah kanggo {need}', 'peringkat {m} miturut {attr}'],
    labels: labels('sepatu mlayu', 'smartphone', 'mobil listrik', 'jaringan warung kopi', 'piranti lunak CRM', 'piranti lunak manajemen proyek', 'rekening bank', 'operator seluler'),
    stop: '.',
    space: ' ',
  },
  bn: {
    intros: ['সাম্প্রতিক রিভিউ ও বিশেষজ্ঞদের মতামত অনুযায়ী {topic}-এর জন্য এগুলোই সেরা বিকল্প', '{topic}-এর ক্ষেত্রে কয়েকটি ব্র্যান্ডের নাম বারবার আসে'],
    positive: ['{B} চমৎকার {attr}-এর জন্য জনপ্রিয়', '{B} {need}-এর জন্য সেরা বিকল্পগুলোর একটি', '{B} একটি জনপ্রিয় ও নিরাপদ পছন্দ'],
    mixed: ['{B}-এর {attr} চমৎকার, তবে দাম ব্যয়বহুল', '{B} {need}-এর জন্য উপযুক্ত, তবে এর {attr2} দুর্বল'],
    negative: ['{B} পরিচিত নাম, কিন্তু সাম্প্রতিক রিভিউতে {attr} নিয়ে অভিযোগ আছে', '{B} ব্যয়বহুল এবং এর {attr2} নিয়ে সমস্যা আছে'],
    followPositive: ['{attr} আপনার কাছে গুরুত্বপূর্ণ হলে এটি নিরাপদ পছন্দ।'],
    followNegative: ['কেনার আগে সাম্প্রতিক রিভিউ দেখে নিন।'],
    closings: ['সব মিলিয়ে {top} সবচেয়ে ভারসাম্যপূর্ণ পছন্দ, আর {attr} অগ্রাধিকার হলে {second} বিবেচনা করা যায়।'],
    attrs: ['মান', 'দাম', 'ডিজাইন', 'স্থায়িত্ব', 'গ্রাহক সেবা', 'ব্যবহারের সহজতা'],
    needs: ['নতুনদের', 'পরিবারের', 'প্রতিদিনের ব্যবহারের', 'কম বাজেটের', 'শিক্ষার্থীদের', 'পেশাদারদের'],
    queries: ['{need} জন্য সেরা {m}', 'কোন {m}-এর {attr} সবচেয়ে ভালো?', '{need} জন্য নির্ভরযোগ্য {m} ব্র্যান্ড', '{comp} নাকি {comp2}: {need} জন্য কোনটি ভালো?', '{comp}-এর বিকল্প {m}', '{need} জন্য সাশ্রয়ী {m}', '{attr} অনুযায়ী {m} র‍্যাঙ্কিং'],
    labels: labels('রানিং জুতা', 'স্মার্টফোন', 'বৈদ্যুতিক গাড়ি', 'কফি চেইন', 'CRM সফটওয়্যার', 'প্রজেক্ট ম্যানেজমেন্ট সফটওয়্যার', 'ব্যাংক অ্যাকাউন্ট', 'মোবাইল নেটওয়ার্ক'),
    stop: '।',
    space: ' ',
  },
  pa: {
    intros: ['ਤਾਜ਼ਾ ਸਮੀਖਿਆਵਾਂ ਅਤੇ ਮਾਹਿਰਾਂ ਦੀ ਰਾਏ ਅਨੁਸਾਰ {topic} ਲਈ ਇਹ ਸਭ ਤੋਂ ਵਧੀਆ ਵਿਕਲਪ ਹਨ', '{topic} ਦੀ ਗੱਲ ਕਰੀਏ ਤਾਂ ਕੁਝ ਬ੍ਰਾਂਡ ਵਾਰ-ਵਾਰ ਸਾਹਮਣੇ ਆਉਂਦੇ ਹਨ'],
    positive: ['{B} ਆਪਣੀ ਸ਼ਾਨਦਾਰ {attr} ਲਈ ਪ੍ਰਸਿੱਧ ਹੈ', '{B} {need} ਲਈ ਇੱਕ ਭਰੋਸੇਯੋਗ ਅਤੇ ਵਧੀਆ ਵਿਕਲਪ ਹੈ', '{B} ਇੱਕ ਪ੍ਰਸਿੱਧ ਅਤੇ ਸੁਰੱਖਿਅਤ ਚੋਣ ਹੈ'],
    mixed: ['{B} ਦੀ {attr} ਵਧੀਆ ਹੈ, ਪਰ ਕੀਮਤ ਜ਼ਿਆਦਾ ਹੈ', '{B} {need} ਲਈ ਠੀਕ ਹੈ, ਪਰ ਇਸ ਦੀ {attr2} ਕਮਜ਼ੋਰ ਹੈ'],
    negative: ['{B} ਜਾਣਿਆ-ਪਛਾਣਿਆ ਨਾਮ ਹੈ, ਪਰ ਇਸ ਦੀ {attr} ਮਾੜੀ ਅਤੇ ਕਮਜ਼ੋਰ ਹੈ', '{B} ਦੀ {attr2} ਕਮਜ਼ੋਰ ਹੈ ਅਤੇ ਗਾਹਕ ਸੇਵਾ ਵੀ ਮਾੜੀ ਹੈ'],
    followPositive: ['ਜੇ {attr} ਤੁਹਾਡੇ ਲਈ ਜ਼ਰੂਰੀ ਹੈ ਤਾਂ ਇਹ ਸੁਰੱਖਿਅਤ ਚੋਣ ਹੈ।'],
    followNegative: ['ਖਰੀਦਣ ਤੋਂ ਪਹਿਲਾਂ ਤਾਜ਼ਾ ਸਮੀਖਿਆਵਾਂ ਜ਼ਰੂਰ ਦੇਖੋ।'],
    closings: ['ਕੁੱਲ ਮਿਲਾ ਕੇ {top} ਸਭ ਤੋਂ ਸੰਤੁਲਿਤ ਚੋਣ ਹੈ, ਜਦਕਿ {attr} ਨੂੰ ਤਰਜੀਹ ਦੇਣ ਵਾਲਿਆਂ ਲਈ {second} ਵੀ ਚੰਗਾ ਹੈ।'],
    attrs: ['ਗੁਣਵੱਤਾ', 'ਕੀਮਤ', 'ਡਿਜ਼ਾਈਨ', 'ਟਿਕਾਊਪਣ', 'ਗਾਹਕ ਸੇਵਾ', 'ਵਰਤੋਂ ਦੀ ਸੌਖ'],
    needs: ['ਸ਼ੁਰੂਆਤ ਕਰਨ ਵਾਲਿਆਂ', 'ਪਰਿਵਾਰਾਂ', 'ਰੋਜ਼ਾਨਾ ਵਰਤੋਂ', 'ਘੱਟ ਬਜਟ ਵਾਲਿਆਂ', 'ਵਿਦਿਆਰਥੀਆਂ', 'ਪੇਸ਼ੇਵਰਾਂ'],
    queries: ['{need} ਲਈ ਸਭ ਤੋਂ ਵਧੀਆ {m}', 'ਕਿਸ {m} ਦੀ {attr} ਸਭ ਤੋਂ ਵਧੀਆ ਹੈ?', '{need} ਲਈ ਭਰੋਸੇਯੋਗ {m} ਬ੍ਰਾਂਡ', '{comp} ਜਾਂ {comp2}: {need} ਲਈ ਕਿਹੜਾ ਬਿਹਤਰ ਹੈ?', '{comp} ਦੇ ਵਿਕਲਪ: {m}', '{need} ਲਈ ਸਸਤੇ {m}', '{attr} ਅਨੁਸਾਰ {m} ਦੀ ਰੈਂਕਿੰਗ'],
    labels: labels('ਰਨਿੰਗ ਜੁੱਤੇ', 'ਸਮਾਰਟਫ਼ੋਨ', 'ਇਲੈਕਟ੍ਰਿਕ ਕਾਰਾਂ', 'ਕੌਫ਼ੀ ਚੇਨ', 'CRM ਸਾਫ਼ਟਵੇਅਰ', 'ਪ੍ਰੋਜੈਕਟ ਮੈਨੇਜਮੈਂਟ ਸਾਫ਼ਟਵੇਅਰ', 'ਬੈਂਕ ਖਾਤੇ', 'ਮੋਬਾਈਲ ਨੈੱਟਵਰਕ'),
    stop: '।',
    space: ' ',
  },
  gu: {
    intros: ['તાજેતરની સમીક્ષાઓ અને નિષ્ણાતોના મત મુજબ {topic} માટે આ શ્રેષ્ઠ વિકલ્પો છે', '{topic}ની વાત કરીએ તો કેટલીક બ્રાન્ડ વારંવાર સામે આવે છે'],
    positive: ['{B} તેની ઉત્તમ {attr} માટે જાણીતી છે', '{B} {need} માટે શ્રેષ્ઠ અને વિશ્વસનીય વિકલ્પ છે', '{B} એક વિશ્વસનીય અને સલામત પસંદગી છે'],
    mixed: ['{B}ની {attr} સારી છે, પણ તેની {attr2} નબળી છે', '{B} {need} માટે ઠીક છે, પણ તેની {attr2} નબળી છે'],
    negative: ['{B} જાણીતું નામ છે, પણ તેની {attr} નબળી છે અને સમસ્યાઓ પણ છે', '{B}ની {attr2} ખરાબ છે અને ગ્રાહક સેવા નબળી છે'],
    followPositive: ['જો {attr} તમારા માટે મહત્વની હોય તો આ સલામત પસંદગી છે.'],
    followNegative: ['ખરીદતા પહેલાં તાજેતરની સમીક્ષાઓ જરૂર વાંચો.'],
    closings: ['એકંદરે {top} સૌથી સંતુલિત પસંદગી છે, અને {attr}ને પ્રાથમિકતા આપનારા માટે {second} પણ વિચારવા જેવી છે.'],
    attrs: ['ગુણવત્તા', 'કિંમત', 'ડિઝાઇન', 'ટકાઉપણું', 'ગ્રાહક સેવા', 'ઉપયોગની સરળતા'],
    needs: ['નવા ઉપયોગકર્તાઓ', 'પરિવારો', 'રોજિંદા ઉપયોગ', 'ઓછા બજેટ', 'વિદ્યાર્થીઓ', 'વ્યાવસાયિકો'],
    queries: ['{need} માટે શ્રેષ્ઠ {m}', 'કઈ {m}ની {attr} સૌથી સારી છે?', '{need} માટે વિશ્વસનીય {m} બ્રાન્ડ', '{comp} કે {comp2}: {need} માટે કયું વધુ સારું?', '{comp}ના વિકલ્પો: {m}', '{need} માટે સસ્તા {m}', '{attr} પ્રમાણે {m}નું રેન્કિંગ'],
    labels: labels('રનિંગ શૂઝ', 'સ્માર્ટફોન', 'ઇલેક્ટ્રિક કાર', 'કોફી ચેઇન', 'CRM સોફ્ટવેર', 'પ્રોજેક્ટ મેનેજમેન્ટ સોફ્ટવેર', 'બેંક ખાતા', 'મોબાઇલ નેટવર્ક'),
    stop: '.',
    space: ' ',
  },
  mr: {
    intros: ['अलीकडील परीक्षणे आणि तज्ज्ञांच्या मतानुसार {topic} साठी हे सर्वोत्तम पर्याय आहेत', '{topic} बाबत काही ब्रँड वारंवार समोर येतात'],
    positive: ['{B} त्याच्या उत्कृष्ट {attr} साठी लोकप्रिय आहे', '{B} हा {need} साठी सर्वोत्तम आणि विश्वसनीय पर्याय आहे', '{B} हा लोकप्रिय आणि सुरक्षित पर्याय आहे'],
    mixed: ['{B} ची {attr} चांगली आहे, पण तो महाग आहे', '{B} {need} साठी योग्य आहे, पण तो थोडा महाग आहे'],
    negative: ['{B} हे ओळखीचे नाव आहे, पण अलीकडील परीक्षणांमध्ये {attr} बद्दल तक्रारी आणि समस्या आहेत', '{B} महाग आहे आणि त्याच्या {attr2} मध्ये समस्या आहेत'],
    followPositive: ['{attr} तुमच्यासाठी महत्त्वाची असेल तर हा सुरक्षित पर्याय आहे.'],
    followNegative: ['खरेदीपूर्वी अलीकडील परीक्षणे नक्की वाचा.'],
    closings: ['एकूणच {top} हा सर्वात संतुलित पर्याय आहे, आणि {attr} ला प्राधान्य देणाऱ्यांसाठी {second} देखील विचारात घेण्यासारखा आहे.'],
    attrs: ['गुणवत्ता', 'किंमत', 'डिझाइन', 'टिकाऊपणा', 'ग्राहक सेवा', 'वापरातील सुलभता'],
    needs: ['नवशिक्यां', 'कुटुंबां', 'रोजच्या वापरा', 'कमी बजेट', 'विद्यार्थ्यां', 'व्यावसायिकां'],
    queries: ['{need} साठी सर्वोत्तम {m}', 'कोणत्या {m} ची {attr} सर्वात चांगली आहे?', '{need} साठी विश्वसनीय {m} ब्रँड', '{comp} की {comp2}: {need} साठी कोणता चांगला?', '{comp} चे पर्याय: {m}', '{need} साठी स्वस्त {m}', '{attr} नुसार {m} क्रमवारी'],
    labels: labels('रनिंग शूज', 'स्मार्टफोन', 'इलेक्ट्रिक कार', 'कॉफी चेन', 'CRM सॉफ्टवेअर', 'प्रोजेक्ट मॅनेजमेंट सॉफ्टवेअर', 'बँक खाती', 'मोबाइल नेटवर्क'),
    stop: '.',
    space: ' ',
  },
  te: {
    intros: ['ఇటీవలి సమీక్షలు మరియు నిపుణుల అభిప్రాయాల ఆధారంగా {topic} కోసం ఇవి ఉత్తమ ఎంపికలు', '{topic} విషయంలో కొన్ని బ్రాండ్లు తరచుగా వినిపిస్తాయి'],
    positive: ['{B} మంచి {attr} కి ప్రసిద్ధ బ్రాండ్', '{B} {need} కోసం ఉత్తమ ఎంపికలలో ఒకటి', '{B} ప్రసిద్ధ మరియు మంచి బ్రాండ్'],
    mixed: ['{B} {attr} లో మంచిది, కానీ దాని {attr2} లో సమస్యలు ఉన్నాయి', '{B} {need} కోసం మంచిది, కానీ ధర ఎక్కువ'],
    negative: ['{B} పేరున్న బ్రాండ్, కానీ ఇటీవలి సమీక్షల్లో {attr} పై ఫిర్యాదులు మరియు సమస్యలు ఉన్నాయి', '{B} యొక్క {attr2} బలహీనం, మరియు చాలా సమస్యలు ఉన్నాయి'],
    followPositive: ['{attr} మీకు ముఖ్యమైతే ఇది మంచి ఎంపిక.'],
    followNegative: ['కొనే ముందు ఇటీవలి సమీక్షలు చదవండి.'],
    closings: ['మొత్తంగా {top} అత్యంత సమతుల్య ఎంపిక, {attr} మీ ప్రాధాన్యత అయితే {second} కూడా పరిశీలించదగినది.'],
    attrs: ['నాణ్యత', 'ధర', 'డిజైన్', 'మన్నిక', 'కస్టమర్ సేవ', 'వాడుకలో సౌలభ్యం'],
    needs: ['కొత్తవారి', 'కుటుంబాల', 'రోజువారీ వాడకం', 'తక్కువ బడ్జెట్', 'విద్యార్థుల', 'నిపుణుల'],
    queries: ['{need} కోసం ఉత్తమ {m}', 'ఏ {m} {attr} లో ఉత్తమం?', '{need} కోసం నమ్మదగిన {m} బ్రాండ్లు', '{comp} లేదా {comp2}: {need} కోసం ఏది మంచిది?', '{comp} కి ప్రత్యామ్నాయాలు: {m}', '{need} కోసం చవకైన {m}', '{attr} ఆధారంగా {m} ర్యాంకింగ్'],
    labels: labels('రన్నింగ్ షూస్', 'స్మార్ట్‌ఫోన్లు', 'ఎలక్ట్రిక్ కార్లు', 'కాఫీ చైన్లు', 'CRM సాఫ్ట్‌వేర్', 'ప్రాజెక్ట్ మేనేజ్‌మెంట్ సాఫ్ట్‌వేర్', 'బ్యాంక్ ఖాతాలు', 'మొబైల్ నెట్‌వర్క్‌లు'),
    stop: '.',
    space: ' ',
  },
  ta: {
    intros: ['சமீபத்திய மதிப்புரைகள் மற்றும் நிபுணர்களின் கருத்துகளின் அடிப்படையில் {topic} க்கான சிறந்த தேர்வுகள் இவை', '{topic} என்றால் சில பிராண்டுகள் அடிக்கடி குறிப்பிடப்படுகின்றன'],
    positive: ['{B} சிறந்த {attr} கொண்ட நம்பகமான பிராண்ட்', '{B} {need} க்கான சிறந்த தேர்வுகளில் ஒன்று', '{B} பிரபலமான மற்றும் பாதுகாப்பான தேர்வு'],
    mixed: ['{B} நல்ல {attr} கொண்டது, ஆனால் அதன் {attr2} பலவீனமான நிலையில் உள்ளது', '{B} {need} க்கு ஏற்றது, ஆனால் விலை அதிகம்'],
    negative: ['{B} அறியப்பட்ட பெயர், ஆனால் {attr} பற்றிய புகார்கள் மற்றும் பிரச்சனைகள் அதிகம்', '{B} விலை அதிகம், அதன் {attr2} பலவீனமான நிலையில் உள்ளது, பிரச்சனைகள் அதிகம்'],
    followPositive: ['{attr} உங்களுக்கு முக்கியம் என்றால் இது பாதுகாப்பான தேர்வு.'],
    followNegative: ['வாங்கும் முன் சமீபத்திய மதிப்புரைகளைப் படியுங்கள்.'],
    closings: ['மொத்தத்தில் {top} மிகவும் சமநிலையான தேர்வு, {attr} முக்கியம் என்றால் {second} ஐயும் பரிசீலிக்கலாம்.'],
    attrs: ['தரம்', 'விலை', 'வடிவமைப்பு', 'நீடித்த தன்மை', 'வாடிக்கையாளர் சேவை', 'பயன்பாட்டு எளிமை'],
    needs: ['தொடக்கநிலையாளர்கள்', 'குடும்பங்கள்', 'தினசரி பயன்பாடு', 'குறைந்த பட்ஜெட்', 'மாணவர்கள்', 'தொழில்முறையாளர்கள்'],
    queries: ['{need} க்கான சிறந்த {m}', 'எந்த {m} {attr} இல் சிறந்தது?', '{need} க்கான நம்பகமான {m} பிராண்டுகள்', '{comp} அல்லது {comp2}: {need} க்கு எது சிறந்தது?', '{comp} க்கு மாற்று {m}', '{need} க்கான மலிவான {m}', '{attr} அடிப்படையில் {m} தரவரிசை'],
    labels: labels('ஓட்டக் காலணிகள்', 'ஸ்மார்ட்போன்கள்', 'மின்சார கார்கள்', 'காபி கடைச் சங்கிலிகள்', 'CRM மென்பொருள்', 'திட்ட மேலாண்மை மென்பொருள்', 'வங்கிக் கணக்குகள்', 'மொபைல் நெட்வொர்க்குகள்'),
    stop: '.',
    space: ' ',
  },
  ml: {
    intros: ['സമീപകാല അവലോകനങ്ങളും വിദഗ്ധരുടെ അഭിപ്രായങ്ങളും അനുസരിച്ച് {topic} എന്നതിലെ മികച്ച തിരഞ്ഞെടുപ്പുകൾ ഇവയാണ്', '{topic} എന്നതിൽ ചില ബ്രാൻഡുകൾ വീണ്ടും വീണ്ടും പരാമർശിക്കപ്പെടുന്നു'],
    positive: ['{B} മികച്ച {attr} ഉള്ള വിശ്വസനീയമായ ബ്രാൻഡാണ്', '{B} {need} എന്നവർക്ക് ഏറ്റവും നല്ല തിരഞ്ഞെടുപ്പുകളിൽ ഒന്നാണ്', '{B} സുരക്ഷിതമായ ഒരു മികച്ച തിരഞ്ഞെടുപ്പാണ്'],
    mixed: ['{B} നല്ല {attr} നൽകുന്നു, പക്ഷേ അതിന്റെ {attr2} ദുർബലമായ നിലയിലാണ്', '{B} {need} എന്നവർക്ക് അനുയോജ്യമാണ്, പക്ഷേ വില കൂടുതലാണ്'],
    negative: ['{B} അറിയപ്പെടുന്ന പേരാണ്, പക്ഷേ സമീപകാല അവലോകനങ്ങളിൽ {attr} സംബന്ധിച്ച പരാതികൾ ഉണ്ട്', '{B} വില കൂടിയതാണ്, അതിന്റെ {attr2} സംബന്ധിച്ച പ്രശ്നങ്ങൾ ഉണ്ട്'],
    followPositive: ['{attr} നിങ്ങൾക്ക് പ്രധാനമാണെങ്കിൽ ഇത് സുരക്ഷിതമായ തിരഞ്ഞെടുപ്പാണ്.'],
    followNegative: ['വാങ്ങുന്നതിന് മുമ്പ് പുതിയ അവലോകനങ്ങൾ വായിക്കുക.'],
    closings: ['മൊത്തത്തിൽ {top} ഏറ്റവും സന്തുലിതമായ തിരഞ്ഞെടുപ്പാണ്, {attr} പ്രധാനമാണെങ്കിൽ {second} പരിഗണിക്കാം.'],
    attrs: ['ഗുണനിലവാരം', 'വില', 'ഡിസൈൻ', 'ഈട്', 'ഉപഭോക്തൃ സേവനം', 'ഉപയോഗ എളുപ്പം'],
    needs: ['തുടക്കക്കാർ', 'കുടുംബങ്ങൾ', 'ദൈനംദിന ഉപയോക്താക്കൾ', 'കുറഞ്ഞ ബജറ്റുള്ളവർ', 'വിദ്യാർത്ഥികൾ', 'പ്രൊഫഷണലുകൾ'],
    queries: ['{need} എന്നവർക്കുള്ള മികച്ച {m}', 'ഏത് {m} ആണ് {attr} കാര്യത്തിൽ മികച്ചത്?', '{need} എന്നവർക്ക് വിശ്വസനീയമായ {m} ബ്രാൻഡുകൾ', '{comp} അല്ലെങ്കിൽ {comp2}: {need} എന്നവർക്ക് ഏതാണ് നല്ലത്?', '{comp} എന്നതിന് പകരം {m}', '{need} എന്നവർക്കുള്ള വില കുറഞ്ഞ {m}', '{attr} അനുസരിച്ച് {m} റാങ്കിംഗ്'],
    labels: labels('റണ്ണിംഗ് ഷൂസ്', 'സ്മാർട്ട്ഫോണുകൾ', 'ഇലക്ട്രിക് കാറുകൾ', 'കോഫി ശൃംഖലകൾ', 'CRM സോഫ്റ്റ്‌വെയർ', 'പ്രോജക്റ്റ് മാനേജ്മെന്റ് സോഫ്റ്റ്‌വെയർ', 'ബാങ്ക് അക്കൗണ്ടുകൾ', 'മൊബൈൽ നെറ്റ്‌വർക്കുകൾ'),
    stop: '.',
    space: ' ',
  },
  ur: {
    intros: ['حالیہ جائزوں اور ماہرین کی رائے کے مطابق {topic} کے لیے یہ بہترین انتخاب ہیں', '{topic} کی بات کی جائے تو چند برانڈز بار بار سامنے آتے ہیں'],
    positive: ['{B} اپنی شاندار {attr} کی وجہ سے مقبول ہے', '{B} {need} کے لیے بہترین اور قابل اعتماد انتخاب ہے', '{B} ایک مقبول اور محفوظ انتخاب ہے'],
    mixed: ['{B} کی {attr} اچھی ہے، لیکن قیمت مہنگا ہونے کی شکایت ہے', '{B} {need} کے لیے ٹھیک ہے، لیکن اس کی {attr2} کمزور ہے'],
    negative: ['{B} جانا پہچانا نام ہے، لیکن حالیہ جائزوں میں {attr} کے بارے میں شکایات ہیں', '{B} مہنگا ہے اور اس کی {attr2} میں مسائل ہیں'],
    followPositive: ['اگر {attr} آپ کے لیے اہم ہے تو یہ محفوظ انتخاب ہے۔'],
    followNegative: ['خریدنے سے پہلے تازہ جائزے ضرور دیکھیں۔'],
    closings: ['مجموعی طور پر {top} سب سے متوازن انتخاب ہے، جبکہ {attr} کو ترجیح دینے والوں کے لیے {second} بھی اچھا ہے۔'],
    attrs: ['کوالٹی', 'قیمت', 'ڈیزائن', 'پائیداری', 'کسٹمر سروس', 'استعمال میں آسانی'],
    needs: ['نئے صارفین', 'خاندانوں', 'روزمرہ استعمال', 'کم بجٹ والوں', 'طلبہ', 'پیشہ ور افراد'],
    queries: ['{need} کے لیے بہترین {m}', 'کس {m} کی {attr} سب سے اچھی ہے؟', '{need} کے لیے قابل اعتماد {m} برانڈز', '{comp} یا {comp2}: {need} کے لیے کون بہتر ہے؟', '{comp} کے متبادل: {m}', '{need} کے لیے سستے {m}', '{attr} کے لحاظ سے {m} کی درجہ بندی'],
    labels: labels('رننگ جوتے', 'اسمارٹ فون', 'الیکٹرک گاڑیاں', 'کافی چینز', 'CRM سافٹ ویئر', 'پروجیکٹ مینجمنٹ سافٹ ویئر', 'بینک اکاؤنٹس', 'موبائل نیٹ ورکس'),
    stop: '۔',
    space: ' ',
  },
}

/** Setup code -> phrasebook key; undefined for English and languages without a phrasebook. */
export function languageKey(code: string | undefined | null): string | undefined {
  const c = (code ?? '').trim()
  if (!c) return undefined
  if (PHRASEBOOKS[c]) return c
  const lower = c.toLowerCase()
  if (lower === 'zh' || lower === 'zh-cn' || lower === 'zh-hans') return 'zh-CN'
  if (lower === 'zh-tw' || lower === 'zh-hk' || lower === 'zh-hant') return 'zh-TW'
  const base = lower.split(/[-_]/)[0]
  return PHRASEBOOKS[base] ? base : undefined
}

export function phrasebook(code: string | undefined | null): Phrasebook | undefined {
  const k = languageKey(code)
  return k ? PHRASEBOOKS[k] : undefined
}

/** The language a prompt is written in, from its script (for prompts of no learned project). */
export function guessLanguage(text: string): string | undefined {
  if (/[\p{scx=Hira}\p{scx=Kana}]/u.test(text)) return 'ja'
  if (/\p{sc=Hangul}/u.test(text)) return 'ko'
  if (/\p{sc=Thai}/u.test(text)) return 'th'
  if (/\p{sc=Arabic}/u.test(text)) return 'ar'
  if (/\p{sc=Devanagari}/u.test(text)) return 'hi'
  if (/\p{sc=Cyrillic}/u.test(text)) return 'ru'
  if (/\p{sc=Han}/u.test(text)) return /[們這個說對與們為時會過體點質價]/u.test(text) ? 'zh-TW' : 'zh-CN'
  return undefined
}

// ---------------------------------------------------------------------------
// Rank markers in each language

/**
 * How a ranked list is marked in a language: the numbered markers written in its own
 * digits or punctuation, and the ordinal words of a list heading. The words are the parser's own
 * (rank-markers.ts ORDINAL_WORDS, CJK_NUMERALS), so the simulator writes only what the product
 * claims to read; which form and rank noun a language uses is chosen here.
 */
export interface RankMarkers {
  /** Numbered markers, one chosen per answer: rank -> the text before the brand ("1、", "１．", "١. "). */
  numbers: ((rank: number) => string)[]
  /** A heading's ordinal label for ranks 1-10 ("第一位", "Erstens", "Первое место"); undefined beyond. */
  ordinal: (rank: number) => string | undefined
  /** After the ordinal label, before the brand. */
  colon: string
  /** Between the brand and its claim on a numbered line. */
  dash: string
}

/** A number in the decimal digits that start at `zero` (full-width, Arabic-Indic, Devanagari, ...). */
function digitsFrom(zero: number, n: number): string {
  return String(n).replace(/\d/g, (d) => String.fromCodePoint(zero + Number(d)))
}
const FULL_WIDTH = 0xff10
const ARABIC_INDIC = 0x660
const EXTENDED_ARABIC_INDIC = 0x6f0
const DEVANAGARI = 0x966
const BENGALI = 0x9e6
const GURMUKHI = 0xa66
const GUJARATI = 0xae6
const THAI = 0xe50

/** 一 .. 十, 十一 .. 十九, 二十: the Chinese numeral of 1..20. */
export function cjkNumeral(n: number): string {
  if (n <= 10) return CJK_NUMERALS[n - 1]
  return (n >= 20 ? CJK_NUMERALS[Math.floor(n / 10) - 1] : '') + CJK_NUMERALS[9] + (n % 10 ? CJK_NUMERALS[(n % 10) - 1] : '')
}

/** ① .. ⑳ */
const circled = (n: number) => String.fromCodePoint(0x2460 + n - 1)

/** The parser's ordinal word for a rank: the form `pick` chooses, capitalised in the language's own way. */
function ordinalWord(words: string, pick: (forms: readonly string[]) => string | undefined, locale?: string) {
  return (rank: number): string | undefined => {
    const forms = ORDINAL_WORDS[words]?.[rank - 1]
    const w = forms ? pick(forms) : undefined
    return w && (locale ? w.charAt(0).toLocaleUpperCase(locale) + w.slice(1) : w)
  }
}
const at = (i: number) => (forms: readonly string[]) => forms[i]
const withNoun = (f: (rank: number) => string | undefined, noun: string) => (rank: number) => {
  const w = f(rank)
  return w && `${w}${noun}`
}

const dot = (n: number) => `${n}. `
const latin = (words: string, pick: (forms: readonly string[]) => string | undefined, noun: string, prefix: (n: number) => string, locale: string): RankMarkers => ({
  numbers: [prefix, dot],
  ordinal: withNoun(ordinalWord(words, pick, locale), noun),
  colon: locale === 'fr' ? ' : ' : ': ',
  dash: ' – ',
})
const ZH_MARKERS: RankMarkers = {
  numbers: [(n) => `${n}、`, (n) => `${cjkNumeral(n)}、`, (n) => `${digitsFrom(FULL_WIDTH, n)}．`],
  ordinal: withNoun(ordinalWord('zh', at(0)), '名'),
  colon: '：',
  dash: '：',
}
const DEVANAGARI_DOT = (n: number) => `${digitsFrom(DEVANAGARI, n)}. `

export const RANK_MARKERS: Record<string, RankMarkers> = {
  ja: { numbers: [(n) => `${n}、`, (n) => `${digitsFrom(FULL_WIDTH, n)}．`, circled, (n) => `${n}位：`], ordinal: withNoun(ordinalWord('ja', at(0)), '位'), colon: '：', dash: '：' },
  'zh-CN': ZH_MARKERS,
  'zh-TW': ZH_MARKERS,
  ko: { numbers: [(n) => `${n}위: `, dot], ordinal: ordinalWord('ko', at(0)), colon: ': ', dash: ' – ' },
  ar: { numbers: [(n) => `${digitsFrom(ARABIC_INDIC, n)}. `, (n) => `المركز ${n}: `], ordinal: ordinalWord('ar', at(0)), colon: ': ', dash: ' – ' },
  ur: { numbers: [(n) => `${digitsFrom(EXTENDED_ARABIC_INDIC, n)}۔ `, dot], ordinal: ordinalWord('ur', at(0)), colon: ': ', dash: ' – ' },
  // Thai has no ordinal heading in common use: "อันดับที่ 1" (rank number 1) heads the item instead.
  th: { numbers: [(n) => `${digitsFrom(THAI, n)}. `, (n) => `อันดับ ${n}: `], ordinal: (n) => `อันดับที่ ${n}`, colon: ': ', dash: ' – ' },
  hi: { numbers: [DEVANAGARI_DOT, dot], ordinal: withNoun(ordinalWord('hi', at(0)), ' स्थान'), colon: ': ', dash: ' – ' },
  mr: { numbers: [DEVANAGARI_DOT, dot], ordinal: ordinalWord('mr', at(0)), colon: ': ', dash: ' – ' },
  bn: { numbers: [(n) => `${digitsFrom(BENGALI, n)}. `, dot], ordinal: ordinalWord('bn', at(0)), colon: ': ', dash: ' – ' },
  pa: { numbers: [(n) => `${digitsFrom(GURMUKHI, n)}. `, dot], ordinal: ordinalWord('pa', at(0)), colon: ': ', dash: ' – ' },
  gu: { numbers: [(n) => `${digitsFrom(GUJARATI, n)}. `, dot], ordinal: ordinalWord('gu', at(0)), colon: ': ', dash: ' – ' },
  // Tamil, Telugu and Malayalam lists use Western digits today; their ordinals head the items.
  te: { numbers: [dot, (n) => `${n}) `], ordinal: ordinalWord('te', at(1)), colon: ': ', dash: ' – ' },
  ta: { numbers: [dot, (n) => `${n}) `], ordinal: ordinalWord('ta', at(1)), colon: ': ', dash: ' – ' },
  ml: { numbers: [dot, (n) => `${n}) `], ordinal: ordinalWord('ml', at(2)), colon: ': ', dash: ' – ' },
  de: latin('de', (f) => f.find((w) => w.endsWith('ens')), '', (n) => `Platz ${n}: `, 'de'),
  es: latin('es', at(1), ' opción', (n) => `N.º ${n}: `, 'es'),
  pt: latin('pt', at(1), ' opção', (n) => `Nº ${n}: `, 'pt'),
  fr: latin('fr', at(0), ' choix', (n) => `N° ${n} : `, 'fr'),
  it: latin('it', at(0), ' posto', (n) => `${n}) `, 'it'),
  nl: latin('nl', at(0), ' keuze', (n) => `Nr. ${n}: `, 'nl'),
  pl: latin('pl', at(2), ' miejsce', (n) => `Nr ${n}: `, 'pl'),
  ru: latin('ru', at(2), ' место', (n) => `№ ${n}: `, 'ru'),
  uk: latin('uk', at(2), ' місце', (n) => `№ ${n}: `, 'uk'),
  tr: latin('tr', at(0), ' tercih', (n) => `${n}) `, 'tr'),
  vi: latin('vi', at(0), '', (n) => `Hạng ${n}: `, 'vi'),
  jv: latin('jv', at(0), '', (n) => `${n}) `, 'jv'),
}

/**
 * Languages whose cited answers are sometimes written as research reports: footnote
 * definitions ("[^1]: title – url") and a reference section under this heading instead of "Sources:".
 */
export const REPORT_REFERENCES: Record<string, string> = { ja: '引用文献' }

export function reportReferences(code: string | undefined | null): string | undefined {
  const k = languageKey(code)
  return k ? REPORT_REFERENCES[k] : undefined
}

export function rankMarkers(code: string | undefined | null): RankMarkers | undefined {
  const k = languageKey(code)
  return k ? RANK_MARKERS[k] : undefined
}

// ---------------------------------------------------------------------------
// Native names of catalogue brands

type Names = Partial<Record<'ja' | 'zh-CN' | 'zh-TW' | 'ko' | 'th' | 'ar' | 'hi' | 'ru', string>>
const n = (ja: string, zhCN: string, zhTW: string, ko: string, th?: string, ar?: string, hi?: string, ru?: string): Names => {
  const out: Names = { ja, 'zh-CN': zhCN, 'zh-TW': zhTW, ko }
  if (th) out.th = th
  if (ar) out.ar = ar
  if (hi) out.hi = hi
  if (ru) out.ru = ru
  return out
}

/** Catalogue name -> how the brand is written in each language that does not use Latin letters for it. */
export const NATIVE_NAMES: Record<string, Names> = {
  Nike: n('ナイキ', '耐克', '耐吉', '나이키', 'ไนกี้', 'نايكي', 'नाइकी', 'Найк'),
  Adidas: n('アディダス', '阿迪达斯', '愛迪達', '아디다스', 'อาดิดาส', 'أديداس', 'एडिडास', 'Адидас'),
  ASICS: n('アシックス', '亚瑟士', '亞瑟士', '아식스', 'อาซิกส์', 'أسيكس', 'असिक्स', 'Асикс'),
  'New Balance': n('ニューバランス', '新百伦', '紐巴倫', '뉴발란스', 'นิวบาลานซ์', 'نيو بالانس', 'न्यू बैलेंस', 'Нью Бэланс'),
  Puma: n('プーマ', '彪马', '彪馬', '푸마', 'พูม่า', 'بوما', 'प्यूमा', 'Пума'),
  Mizuno: n('ミズノ', '美津浓', '美津濃', '미즈노', 'มิซูโน่', 'ميزونو', 'मिज़ुनो', 'Мизуно'),
  Apple: n('アップル', '苹果', '蘋果', '애플', 'แอปเปิล', 'آبل', 'एप्पल', 'Эппл'),
  Samsung: n('サムスン', '三星', '三星', '삼성', 'ซัมซุง', 'سامسونج', 'सैमसंग', 'Самсунг'),
  'Sony Xperia': n('ソニー', '索尼', '索尼', '소니', 'โซนี่', 'سوني', 'सोनी', 'Сони'),
  Xiaomi: n('シャオミ', '小米', '小米', '샤오미', 'เสียวหมี่', 'شاومي', 'शाओमी', 'Сяоми'),
  Huawei: n('ファーウェイ', '华为', '華為', '화웨이', 'หัวเว่ย', 'هواوي', 'हुआवेई', 'Хуавей'),
  Honor: n('オナー', '荣耀', '榮耀', '아너'),
  Motorola: n('モトローラ', '摩托罗拉', '摩托羅拉', '모토로라', 'โมโตโรล่า', 'موتورولا', 'मोटोरोला', 'Моторола'),
  OnePlus: n('ワンプラス', '一加', '一加', '원플러스'),
  Nokia: n('ノキア', '诺基亚', '諾基亞', '노키아', 'โนเกีย', 'نوكيا', 'नोकिया', 'Нокиа'),
  Tesla: n('テスラ', '特斯拉', '特斯拉', '테슬라', 'เทสลา', 'تسلا', 'टेस्ला', 'Тесла'),
  BYD: n('BYD', '比亚迪', '比亞迪', '비야디'),
  Volkswagen: n('フォルクスワーゲン', '大众', '福斯', '폭스바겐', 'โฟล์คสวาเกน', 'فولكس فاجن', 'फॉक्सवैगन', 'Фольксваген'),
  Hyundai: n('ヒョンデ', '现代', '現代', '현대', 'ฮุนได', 'هيونداي', 'ह्युंडई', 'Хендай'),
  Kia: n('キア', '起亚', '起亞', '기아', 'เกีย', 'كيا', 'किआ', 'Киа'),
  BMW: n('BMW', '宝马', '寶馬', 'BMW'),
  Nissan: n('日産', '日产', '日產', '닛산', 'นิสสัน', 'نيسان', 'निसान', 'Ниссан'),
  'Mercedes-Benz': n('メルセデス・ベンツ', '奔驰', '賓士', '벤츠', 'เมอร์เซเดส-เบนซ์', 'مرسيدس', 'मर्सिडीज़', 'Мерседес'),
  Audi: n('アウディ', '奥迪', '奧迪', '아우디', 'อาวดี้', 'أودي', 'ऑडी', 'Ауди'),
  Volvo: n('ボルボ', '沃尔沃', '富豪', '볼보', 'วอลโว่', 'فولفو', 'वोल्वो', 'Вольво'),
  Ford: n('フォード', '福特', '福特', '포드', 'ฟอร์ด', 'فورد', 'फोर्ड', 'Форд'),
  Renault: n('ルノー', '雷诺', '雷諾', '르노', 'เรโนลต์', 'رينو', 'रेनॉल्ट', 'Рено'),
  Peugeot: n('プジョー', '标致', '寶獅', '푸조', 'เปอโยต์', 'بيجو', 'प्यूज़ो', 'Пежо'),
  Starbucks: n('スターバックス', '星巴克', '星巴克', '스타벅스', 'สตาร์บัคส์', 'ستاربكس', 'स्टारबक्स', 'Старбакс'),
  'Costa Coffee': n('コスタコーヒー', '咖世家', '咖世家', '코스타 커피'),
}

/** The name the brand goes by in a language (the catalogue name when it has no native one). */
export function nativeName(brand: BrandInfo, language: string | undefined): string {
  const k = languageKey(language)
  const names = k ? NATIVE_NAMES[brand.name] : undefined
  return (names && (names as Record<string, string>)[k!]) || brand.name
}

/**
 * The brand as a model answering in the language would name it: the native name first,
 * the catalogue name and its alternatives after it (text in other scripts uses those).
 */
export function localBrand(brand: BrandInfo, language: string | undefined): BrandInfo {
  const name = nativeName(brand, language)
  if (name === brand.name) return brand
  return { name, alternativeNames: [brand.name, ...brand.alternativeNames.filter((a) => a !== name)], domains: brand.domains }
}

/** Every native name of a catalogue brand (to recognise a brand typed in its own script). */
export function nativeNames(brand: BrandInfo): string[] {
  return Object.values(NATIVE_NAMES[brand.name] ?? {})
}

/** Market words in the languages above, by market key (for markets described in them). */
export const NATIVE_MARKET_WORDS: Record<string, string[]> = {
  'running-shoes': ['ランニングシューズ', '跑鞋', '跑步鞋', '慢跑鞋', '러닝화', 'รองเท้าวิ่ง', 'أحذية الجري', 'रनिंग शूज़', 'кроссовки', 'koşu ayakkabı', 'laufschuhe', 'buty do biegania'],
  smartphones: ['スマートフォン', 'スマホ', '智能手机', '手机', '智慧型手機', '手機', '스마트폰', 'สมาร์ทโฟน', 'الهواتف الذكية', 'هاتف ذكي', 'स्मार्टफोन', 'смартфон', 'akıllı telefon', 'smartfon',
    'điện thoại thông minh', 'স্মার্টফোন', 'ਸਮਾਰਟਫ਼ੋਨ', 'સ્માર્ટફોન', 'స్మార్ట్‌ఫోన్', 'ஸ்மார்ட்போன்', 'സ്മാർട്ട്ഫോൺ', 'اسمارٹ فون'],
  'electric-cars': ['電気自動車', '电动汽车', '电动车', '電動車', '전기차', 'รถยนต์ไฟฟ้า', 'السيارات الكهربائية', 'इलेक्ट्रिक कार', 'электромобил', 'elektrikli araç', 'elektroauto', 'samochód elektryczny', 'samochody elektryczne'],
  'coffee-chains': ['コーヒー', 'カフェ', '咖啡', '커피', 'กาแฟ', 'قهوة', 'مقاهي', 'कॉफी', 'кофе', 'kahve', 'kaffee', 'kawa', 'kawiarni'],
}

// The catalogue's other markets in German and Japanese (market-labels.ts).
for (const [code, more] of Object.entries(MARKET_LABELS)) Object.assign(PHRASEBOOKS[code].labels, more)

// Every phrasebook's market label names its market too ("chaussures de running", "zapatillas de running").
for (const book of Object.values(PHRASEBOOKS)) {
  for (const [key, label] of Object.entries(book.labels)) {
    const words = (NATIVE_MARKET_WORDS[key] ??= [])
    if (!words.includes(label.toLowerCase())) words.push(label.toLowerCase())
  }
}
