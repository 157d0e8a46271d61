/** The chatbot's privacy policy page (route `ai_.privacy.tsx`), linked from the consent card. */
export const CHATBOT_PRIVACY_PATH = "/ai/privacy";
