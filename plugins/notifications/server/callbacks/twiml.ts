const XML_ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ENTITIES[character]!);

/** Seconds a call waits for the key press after the message. */
const GATHER_TIMEOUT_SECONDS = 10;

export interface SpokenMessage {
  text: string;
  /** The provider's voice language (`en-US`, `zh-HK`); its default when absent. */
  language?: string;
}

const say = ({ text, language }: SpokenMessage) => `<Say${language ? ` language="${xml(language)}"` : ''}>${xml(text)}</Say>`;

/** TwiML that speaks and hangs up (no key acknowledges, or after the acknowledgement). */
export function sayTwiml(message: SpokenMessage): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Response>${say(message)}</Response>`;
}

/** TwiML that speaks the message and the prompt and waits for one key, posted to `action` (the gather callback). */
export function gatherTwiml(message: SpokenMessage, prompt: string, action: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Response>` +
    `<Gather numDigits="1" action="${xml(action)}" method="POST" timeout="${GATHER_TIMEOUT_SECONDS}">` +
    `${say({ ...message, text: `${message.text} ${prompt}` })}</Gather></Response>`
  );
}
