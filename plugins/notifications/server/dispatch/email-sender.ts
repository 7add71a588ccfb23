import type { KeyedMailMessage, Mailer, SqlExecutor } from '@sensorium/core/server';
import { renderEmail } from '../templates/notification-message';
import type { ChannelSender, DeliveryToSend, SendOutcome } from './channel-sender';

/**
 * E-mail through core's Mailer: the message goes to the outbox in the claiming transaction, keyed by the delivery id,
 * so a job run again after a crash cannot queue a second one. The outbox then delivers it over SMTP with its own retries.
 * A batch's messages go to the outbox with one statement.
 */
export function emailSender(mailer: Mailer): ChannelSender {
  const sendMany = async (deliveries: readonly DeliveryToSend[], tx: SqlExecutor): Promise<(SendOutcome | Error)[]> => {
    const rendered = await Promise.all(
      deliveries.map((delivery) =>
        renderEmail(delivery.template, delivery.variables).then(
          (content): KeyedMailMessage => ({ to: delivery.address, ...content, dedupKey: delivery.id }),
          (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
        ),
      ),
    );
    const queued = await mailer.sendMany(
      rendered.filter((message): message is KeyedMailMessage => !(message instanceof Error)),
      { tx },
    );
    const ids = queued.values();
    return rendered.map((message) => (message instanceof Error ? message : { status: 'sent', providerId: ids.next().value!.id }));
  };
  return {
    channel: 'email',
    service: 'smtp',
    async send(delivery, tx) {
      const [outcome] = await sendMany([delivery], tx);
      if (outcome instanceof Error) throw outcome;
      return outcome!;
    },
    sendMany,
  };
}
