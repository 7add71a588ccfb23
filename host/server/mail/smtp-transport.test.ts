import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink';
import { smtpTransport, type MailTransport } from './smtp-transport';

describe('SMTP transport in its own thread', () => {
  let sink: SmtpSink | undefined;
  let transport: MailTransport | undefined;
  afterEach(async () => {
    transport?.close();
    await sink?.close();
  });

  it('hands messages to the SMTP server and tells of a refusal', async () => {
    sink = await startSmtpSink();
    transport = smtpTransport(sink.url);
    const message = { from: 'console@example.com', subject: 'Tank 3: too hot', text: 'Hot', html: '<p>Hot</p>' };
    await Promise.all([
      transport.deliver({ ...message, to: 'ops@example.com' }),
      transport.deliver({ ...message, to: 'night@example.com' }),
    ]);
    expect(sink.messages.map((mail) => mail.to[0]).sort()).toEqual(['night@example.com', 'ops@example.com']);
    expect(sink.messages[0]).toMatchObject({ subject: 'Tank 3: too hot', html: '<p>Hot</p>' });

    sink.rejecting = true;
    await expect(transport.deliver({ ...message, to: 'ops@example.com' })).rejects.toThrow(/550/);
  });

  it('starts the thread again after closing it', async () => {
    sink = await startSmtpSink();
    transport = smtpTransport(sink.url);
    const message = { from: 'console@example.com', to: 'ops@example.com', subject: 'One', text: 'One' };
    await transport.deliver(message);
    transport.close();
    await transport.deliver({ ...message, subject: 'Two' });
    expect(sink.messages.map((mail) => mail.subject)).toEqual(['One', 'Two']);
  });
});
