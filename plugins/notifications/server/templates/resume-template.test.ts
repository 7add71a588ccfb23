import { describe, expect, it } from 'vitest';
import type { NotificationRequest } from '../dispatch/notification-request';
import { renderText } from './notification-message';
import { resumeTemplate } from './resume-template';

const request = (templates: Partial<NotificationRequest['templates']>, voiceResumeTemplate = ''): NotificationRequest => ({
  channels: ['sms', 'email', 'voice'],
  templates: { sms: '', whatsapp: '', email: '', voice: '', ...templates },
  voiceResumeTemplate,
  departments: [],
});
const variables = {
  itemName: 'tank',
  displayName: 'Tank 1',
  currentOutputValue: '50',
  unit: '%',
  range: 'High',
  link: 'https://x.example/l',
  status: 'cleared',
  resumed: true,
};

describe('resume message templates', () => {
  it("has a call say the rule's resume message", async () => {
    const template = resumeTemplate(request({ voice: 'Alarm on {{ itemName }}' }, '{{ itemName }} is back to normal'), 'voice');
    expect(await renderText(template, variables)).toBe('tank is back to normal');
  });

  it('puts the status in front of a template that does not say it, the default one included', async () => {
    expect(await renderText(resumeTemplate(request({ voice: 'Alarm on {{ itemName }}' }), 'voice'), variables)).toBe(
      'Cleared: Alarm on tank',
    );
    expect(await renderText(resumeTemplate(request({}), 'sms'), variables)).toBe('Cleared: High: Tank 1 50% https://x.example/l');
  });

  it('keeps a template that uses status or resumed as it is', async () => {
    const template = '{% if resumed %}{{ itemName }} is over ({{ status }}){% else %}{{ itemName }} alarm{% endif %}';
    expect(resumeTemplate(request({ sms: template }), 'sms')).toBe(template);
    expect(await renderText(template, variables)).toBe('tank is over (cleared)');
  });
});
