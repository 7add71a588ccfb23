/** Why a message never became stored data (core's RejectReason). */
export const DEAD_LETTER_REASONS = ['too-large', 'invalid-json', 'not-an-uplink', 'unstorable'] as const;
export type DeadLetterReason = (typeof DEAD_LETTER_REASONS)[number];

/** One message that could not be stored, as GET /dead-letters lists it. */
export interface DeadLetterRow {
  id: string;
  createdAt: string;
  source: string;
  /** The MQTT topic or HTTP path it arrived on. */
  origin: string;
  reason: DeadLetterReason;
  detail: string;
  /** Its beginning (at most 4,096 characters). */
  payload: string;
  /** Its full size. */
  payloadBytes: number;
  appId: string | null;
  organisationId: string | null;
}

export interface DeadLetterPage {
  total: number;
  rows: DeadLetterRow[];
}
