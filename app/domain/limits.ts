/** Business limits (list caps, account defaults), enforced on the server and shown in the UI. */
export const MAX_COMPETITORS = 19
export const INLINE_COMPETITOR_CAP = 9
/**
 * An admin may run a project a second time on one day, after confirming: the first click is answered
 * 409 with this message, the confirmed one is sent with ?again=true. Everyone else keeps the daily limit.
 */
export const ANALYSE_AGAIN_QUESTION = 'This project was already analysed today. Run it again? It counts as another analysis.'
export const MAX_QUERIES = 40
export const MAX_QUERIES_LIGHT = 20
export const MAX_SAMPLES = 5
export const STUCK_AFTER_MS = 10 * 60 * 1000
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000
export const EXPORT_TTL_DAYS = 30
export const EXPECTED_RESPONSES = { light: 20, full: 240 } as const

export const SETUP_LANGUAGES: readonly { code: string; name: string; native: string }[] = [
  { code: 'en-GB', name: 'English (UK)', native: 'English (UK)' },
  { code: 'en-US', name: 'English (US)', native: 'English (US)' },
  { code: 'zh-CN', name: 'Chinese (Simplified)', native: '简体中文' },
  { code: 'zh-TW', name: 'Chinese (Traditional)', native: '繁體中文' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'hi', name: 'Hindi', native: 'हिन्दी' },
  { code: 'ar', name: 'Arabic', native: 'العربية' },
  { code: 'pt-BR', name: 'Portuguese (Brazil)', native: 'Português (Brasil)' },
  { code: 'pt-PT', name: 'Portuguese (Portugal)', native: 'Português (Portugal)' },
  { code: 'bn', name: 'Bengali', native: 'বাংলা' },
  { code: 'ru', name: 'Russian', native: 'Русский' },
  { code: 'ja', name: 'Japanese', native: '日本語' },
  { code: 'pa', name: 'Punjabi', native: 'ਪੰਜਾਬੀ' },
  { code: 'de', name: 'German', native: 'Deutsch' },
  { code: 'jv', name: 'Javanese', native: 'Basa Jawa' },
  { code: 'ko', name: 'Korean', native: '한국어' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'te', name: 'Telugu', native: 'తెలుగు' },
  { code: 'mr', name: 'Marathi', native: 'मराठी' },
  { code: 'tr', name: 'Turkish', native: 'Türkçe' },
  { code: 'ta', name: 'Tamil', native: 'தமிழ்' },
  { code: 'vi', name: 'Vietnamese', native: 'Tiếng Việt' },
  { code: 'ur', name: 'Urdu', native: 'اردو' },
  { code: 'it', name: 'Italian', native: 'Italiano' },
  { code: 'th', name: 'Thai', native: 'ไทย' },
  { code: 'gu', name: 'Gujarati', native: 'ગુજરાતી' },
  { code: 'pl', name: 'Polish', native: 'Polski' },
  { code: 'uk', name: 'Ukrainian', native: 'Українська' },
  { code: 'ml', name: 'Malayalam', native: 'മലയാളം' },
  { code: 'nl', name: 'Dutch', native: 'Nederlands' },
]
