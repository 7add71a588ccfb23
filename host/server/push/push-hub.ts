import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { API_PREFIX, type PushMessage, type SessionUser } from '../../../core/common';
import type { PushHub } from '../../../core/server';

type Recipient = Parameters<NonNullable<Parameters<PushHub['publish']>[1]>>[0];

/** Close code for a refused connection, echoing HTTP 401 in the 4000-4999 range left to applications. */
export const UNAUTHORIZED_CLOSE_CODE = 4401;
const PUSH_PATH = `${API_PREFIX}/ws`;

/** The one push WebSocket (/api/ws?token=<access token>): browsers receive JSON PushMessages meant for their session. */
export class WebSocketPushHub implements PushHub {
  private readonly sockets = new Map<WebSocket, Recipient>();

  publish<T>(message: PushMessage<T>, filter?: (user: Recipient) => boolean): void {
    const text = JSON.stringify(message);
    for (const [socket, user] of this.sockets) {
      if (socket.readyState === socket.OPEN && (!filter || filter(user))) socket.send(text);
    }
  }

  /** Registers the route; `verify` turns the token of the query string into the session user, or null. */
  register(app: FastifyInstance, verify: (token: string) => Promise<SessionUser | null>): void {
    app.get<{ Querystring: { token?: string } }>(
      PUSH_PATH,
      { websocket: true, schema: { hide: true } },
      async (socket, request) => {
        const user = await verify(request.query.token ?? '');
        if (!user) {
          socket.close(UNAUTHORIZED_CLOSE_CODE, 'Unauthorized');
          return;
        }
        this.sockets.set(socket, {
          id: user.id,
          level: user.level,
          organisationId: user.organisationId,
          endCustomerId: user.endCustomerId,
        });
        socket.on('close', () => this.sockets.delete(socket));
      },
    );
  }
}
