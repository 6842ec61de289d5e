/**
 * The simulated models' other languages: phrases for answers and framework queries, market
 * words and the native names of catalogue brands (ソニー, 三星, 삼성, ซัมซุง, سامسونج, ...),
 * so that a project in one of these languages is answered in it, as real models do when
 * asked in that language. English stays in answer.ts and framework.ts.
 *
 * Templates use {B} (brand), {attr}, {attr2}, {need}, {topic}, {top}, {second}, {last};
 * query templates use {m} (market), {need}, {attr}, {comp}, {comp2}. Korean templates put
 * 의 or a following noun after {B} so no particle depends on the brand's last sound;
 * Arabic ones attach the proclitics و ب ل to names, as Arabic writing does.
 */
import type { BrandInfo } from './knowledge'

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
  mixed: ['{B}的{attr}不錯，但有使用者認為價格偏高', '{B}適合{need}，不過{attr2}略顯不足'],
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
    mixed: ['{B}的{attr}不错，但有用户认为价格偏高', '{B}适合{need}，不过{attr2}略显不足'],
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
    intros: ['Auf Grundlage aktueller Tests und Expertenmeinungen sind dies die besten Optionen für {topic}', 'Bei {topic} tauchen einige Marken immer wieder auf'],
    positive: ['{B} ist ausgezeichnet bei {attr} und sehr zuverlässig', '{B} gehört zu den besten Optionen für {need} und ist sehr beliebt', '{B} ist eine hochwertige und innovative Marke'],
    mixed: ['{B} bietet solide {attr}, ist aber teuer', '{B} eignet sich für {need}, ist bei {attr2} aber schwach'],
    negative: ['{B} ist bekannt, aber aktuelle Tests nennen Beschwerden über {attr}', '{B} ist teuer und hat Probleme bei {attr2}'],
    followPositive: ['Eine sichere Wahl, wenn Ihnen {attr} wichtig ist.'],
    followNegative: ['Lesen Sie vor dem Kauf aktuelle Bewertungen.'],
    closings: ['Insgesamt ist {top} die ausgewogenste Wahl; {second} lohnt sich, wenn {attr} Priorität hat.'],
    attrs: ['Qualität', 'Preis', 'Design', 'Haltbarkeit', 'Kundenservice', 'Bedienung'],
    needs: ['Einsteiger', 'Familien', 'den Alltag', 'kleine Budgets', 'Studierende', 'Profis'],
    queries: ['beste {m} für {need}', 'welche {m} haben die beste {attr}', 'zuverlässige {m}-Marken für {need}', '{comp} oder {comp2}: was ist besser für {need}', 'Alternativen zu {comp} bei {m}', 'günstige {m} für {need}', '{m} im Vergleich: {attr}'],
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
  smartphones: ['スマートフォン', 'スマホ', '智能手机', '手机', '智慧型手機', '手機', '스마트폰', 'สมาร์ทโฟน', 'الهواتف الذكية', 'هاتف ذكي', 'स्मार्टफोन', 'смартфон', 'akıllı telefon', 'smartfon'],
  'electric-cars': ['電気自動車', '电动汽车', '电动车', '電動車', '전기차', 'รถยนต์ไฟฟ้า', 'السيارات الكهربائية', 'इलेक्ट्रिक कार', 'электромобил', 'elektrikli araç', 'elektroauto', 'samochód elektryczny', 'samochody elektryczne'],
  'coffee-chains': ['コーヒー', 'カフェ', '咖啡', '커피', 'กาแฟ', 'قهوة', 'مقاهي', 'कॉफी', 'кофе', 'kahve', 'kaffee', 'kawa', 'kawiarni'],
}
