/**
 * The catalogue's markets (catalogue.ts) as German and Japanese write them, so a project in either
 * language names its market natively in queries and answers ("welche Staubsauger haben den besten
 * Preis", "掃除機を選ぶなら"). German labels are plurals on purpose: grammar.ts takes a label it does not
 * know as a plural (welche … haben, bei Staubsaugern). The first eight markets are in the phrasebooks.
 */
export const MARKET_LABELS: Record<string, Record<string, string>> = {
  de: {
    'notes-wiki-software': 'Notiz- und Wiki-Tools', 'email-marketing-software': 'E-Mail-Marketing-Tools', 'accounting-software': 'Buchhaltungsprogramme',
    'hr-software': 'HR-Softwarelösungen', 'team-chat-software': 'Team-Chat-Apps', 'video-conferencing': 'Videokonferenz-Tools', 'help-desk-software': 'Helpdesk-Systeme',
    'ecommerce-platforms': 'E-Commerce-Plattformen', 'website-builders': 'Homepage-Baukästen', 'cloud-platforms': 'Cloud-Plattformen', 'seo-tools': 'SEO-Tools',
    'payment-processing': 'Zahlungsanbieter', 'e-signature-software': 'E-Signatur-Tools', 'survey-tools': 'Umfrage-Tools', 'ai-assistants': 'KI-Assistenten',
    'password-managers': 'Passwort-Manager', 'vpn-services': 'VPN-Dienste', 'antivirus-software': 'Virenscanner', 'cloud-storage': 'Cloud-Speicherdienste',
    'language-learning-apps': 'Sprachlern-Apps', 'music-streaming': 'Musik-Streamingdienste', 'video-streaming': 'Video-Streamingdienste', 'dating-apps': 'Dating-Apps',
    laptops: 'Laptops', televisions: 'Fernseher', headphones: 'Kopfhörer', smartwatches: 'Smartwatches', 'vacuum-cleaners': 'Staubsauger', 'coffee-machines': 'Kaffeemaschinen',
    mattresses: 'Matratzen', skincare: 'Hautpflegeprodukte', 'fashion-retailers': 'Modehändler', 'soft-drinks': 'Erfrischungsgetränke', 'pet-food': 'Tierfutter-Marken',
    'food-delivery': 'Lieferdienste', 'meal-kits': 'Kochboxen', supermarkets: 'Supermärkte', 'energy-suppliers': 'Stromanbieter', 'broadband-providers': 'Internetanbieter',
    'car-insurance': 'Kfz-Versicherungen', 'investment-platforms': 'Online-Broker', airlines: 'Fluggesellschaften', 'hotel-chains': 'Hotelketten', 'travel-booking': 'Reiseportale',
    gyms: 'Fitnessstudios', 'ride-hailing': 'Fahrdienst-Apps', 'price-comparison': 'Vergleichsportale',
  },
  ja: {
    'notes-wiki-software': 'ノート・ナレッジ共有ツール', 'email-marketing-software': 'メールマーケティングツール', 'accounting-software': '会計ソフト', 'hr-software': '人事労務ソフト',
    'team-chat-software': 'ビジネスチャット', 'video-conferencing': 'Web会議ツール', 'help-desk-software': 'ヘルプデスクツール', 'ecommerce-platforms': 'ECプラットフォーム',
    'website-builders': 'ホームページ作成サービス', 'cloud-platforms': 'クラウドプラットフォーム', 'seo-tools': 'SEOツール', 'payment-processing': '決済サービス',
    'e-signature-software': '電子契約サービス', 'survey-tools': 'アンケートツール', 'ai-assistants': 'AIアシスタント', 'password-managers': 'パスワード管理アプリ',
    'vpn-services': 'VPNサービス', 'antivirus-software': 'ウイルス対策ソフト', 'cloud-storage': 'クラウドストレージ', 'language-learning-apps': '語学学習アプリ',
    'music-streaming': '音楽配信サービス', 'video-streaming': '動画配信サービス', 'dating-apps': 'マッチングアプリ', laptops: 'ノートパソコン', televisions: 'テレビ',
    headphones: 'ヘッドホン', smartwatches: 'スマートウォッチ', 'vacuum-cleaners': '掃除機', 'coffee-machines': 'コーヒーメーカー', mattresses: 'マットレス', skincare: 'スキンケア',
    'fashion-retailers': 'ファッション通販', 'soft-drinks': '清涼飲料', 'pet-food': 'ペットフード', 'food-delivery': 'フードデリバリー', 'meal-kits': 'ミールキット',
    supermarkets: 'スーパーマーケット', 'energy-suppliers': '電力会社', 'broadband-providers': '光回線', 'car-insurance': '自動車保険', 'investment-platforms': 'ネット証券',
    airlines: '航空会社', 'hotel-chains': 'ホテルチェーン', 'travel-booking': '旅行予約サイト', gyms: 'フィットネスジム', 'ride-hailing': '配車アプリ', 'price-comparison': '価格比較サイト',
  },
}
