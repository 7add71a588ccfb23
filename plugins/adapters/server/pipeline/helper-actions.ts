import type { Logger, Mailer } from '@sensorium/core/server';
import type { EventStore } from '@sensorium/events/common';
import type { TextMessages } from '@sensorium/notifications/common';
import type { HelperCall } from '../../common/types';

/** A live run's helper call with the item whose script made it. */
export interface ItemHelperCall {
  item: { uuid: string; appId: string; itemName: string };
  call: HelperCall;
}

export interface HelperServices {
  mailer: Pick<Mailer, 'send'>;
  events: Pick<EventStore, 'raiseSubjectEvents'>;
  texts: TextMessages;
  log: Pick<Logger, 'error'>;
}

/**
 * Carries out live runs' helper calls once the ingest batch committed: e-mails go to core's outbox (delivered by its
 * job, or kept for Diagnosis > Mailbox without SMTP), SMS to the notifications plugin's direct messages (its SMS
 * provider, rate limit, unsubscribes and Notification History, about the item), events are raised as subject events of
 * the item (`adapters:<item uuid>`, at most one open per item). A call that fails is logged with its item and helper;
 * the others go on.
 */
export class HelperActions {
  constructor(private readonly services: HelperServices) {}

  async perform(calls: readonly ItemHelperCall[]): Promise<void> {
    for (const { item, call } of calls) {
      try {
        await this.one(item, call);
      } catch (error) {
        this.services.log.error({ err: error, item: item.uuid, helper: call.helper }, 'An adapter script helper failed');
      }
    }
  }

  private async one(item: ItemHelperCall['item'], call: HelperCall): Promise<void> {
    switch (call.helper) {
      case 'sendEmail':
        await this.services.mailer.send({ to: call.to, subject: call.subject, text: call.text });
        return;
      case 'sendSms':
        await this.services.texts.send({
          appId: item.appId,
          to: { number: call.to },
          text: call.text,
          reference: item.itemName,
          itemUuid: item.uuid,
        });
        return;
      case 'createEvent':
        await this.services.events.raiseSubjectEvents({
          subject: `adapters:${item.uuid}`,
          appIds: [item.appId],
          eventType: 'adapter',
          name: item.itemName,
          severity: call.severity,
          description: call.description,
          status: 'script',
        });
        return;
    }
  }
}
