// How long an SMS is and in how many parts it goes out (3GPP TS 23.038): text the GSM 7-bit alphabet holds takes 160
// characters in one message and 153 a part when split; anything else goes as UCS-2, 70 in one and 67 a part.

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u001bÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Characters of the extension table: each takes two (an escape and itself). */
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface SmsLength {
  encoding: 'gsm7' | 'ucs2';
  /** Length in the encoding's units: septets for GSM 7-bit, UTF-16 code units for UCS-2. */
  length: number;
  /** Messages it is sent as (0 for an empty text). */
  segments: number;
}

const LIMITS = { gsm7: { single: 160, part: 153 }, ucs2: { single: 70, part: 67 } } as const;

export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const character of text) {
    if (GSM_BASIC.includes(character)) septets += 1;
    else if (GSM_EXTENSION.includes(character)) septets += 2;
    else return measured('ucs2', text.length);
  }
  return measured('gsm7', septets);
}

function measured(encoding: SmsLength['encoding'], length: number): SmsLength {
  const { single, part } = LIMITS[encoding];
  const segments = length === 0 ? 0 : length <= single ? 1 : Math.ceil(length / part);
  return { encoding, length, segments };
}
