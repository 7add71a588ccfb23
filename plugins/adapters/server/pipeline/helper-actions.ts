import type { Logger, Mailer } from '@sensorium/core/server';
import type { EventStore } from '@sensorium/events/common';
import type { HelperCall } from '../../common/types';

/** A live run's helper call with the item whose script made it. */
export interface ItemHelperCall {
  item: { uuid: string; appId: string; itemName: string };
  call: HelperCall;
}

/**
 * Carries out live runs' helper calls once the ingest batch committed: e-mails go to core's outbox (delivered by its
 * job, or kept for Diagnosis > Mailbox without SMTP), events are raised as subject events of the item
 * (`adapters:<item uuid>`, at most one open per item). The notifications plugin offers no public service that sends an
 * SMS, so an SMS call is logged with its number and text and counted, never silently dropped (docs/adapters.md).
 */
export class HelperActions {
  constructor(
    private readonly mailer: Pick<Mailer, 'send'>,
    private readonly events: () => Pick<EventStore, 'raiseSubjectEvents'>,
    private readonly log: Pick<Logger, 'warn' | 'error'>,
  ) {}

  async perform(calls: readonly ItemHelperCall[]): Promise<void> {
    for (const { item, call } of calls) {
      try {
        await this.one(item, call);
      } catch (error) {
        this.log.error({ err: error, item: item.uuid, helper: call.helper }, 'An adapter script helper failed');
      }
    }
  }

  private async one(item: ItemHelperCall['item'], call: HelperCall): Promise<void> {
    switch (call.helper) {
      case 'sendEmail':
        await this.mailer.send({ to: call.to, subject: call.subject, text: call.text });
        return;
      case 'createEvent':
        await this.events().raiseSubjectEvents({
          subject: `adapters:${item.uuid}`,
          appIds: [item.appId],
          eventType: 'adapter',
          name: item.itemName,
          severity: call.severity,
          description: call.description,
          status: 'script',
        });
        return;
      case 'sendSms':
        this.log.warn(
          { item: item.uuid, to: call.to, text: call.text },
          'An adapter script asked for an SMS: no SMS service is offered to plugins',
        );
        return;
    }
  }
}
