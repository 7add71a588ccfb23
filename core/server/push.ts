import { createToken, type PushMessage } from '../common';

/** Sends messages to browsers over the one push WebSocket. */
export interface PushHub {
  /** To every connected session that passes `filter` (all when omitted). */
  publish<T>(
    message: PushMessage<T>,
    filter?: (user: { id: string; level: string; organisationId: string | null; endCustomerId: string | null }) => boolean,
  ): void;
}
export const PushHubToken = createToken<PushHub>('core.push-hub');
