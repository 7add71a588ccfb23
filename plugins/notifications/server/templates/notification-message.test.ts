import { describe, expect, it } from 'vitest';
import { TemplateError } from '@sensorium/core/server';
import { emailSubject, htmlToText, renderEmail, renderText } from './notification-message';

const variables = {
  receivedDeviceData: '31.5',
  lastDeviceData: '31.5',
  itemName: 'tank-1',
  displayName: 'Tank <1> & "co"',
  description: 'Too hot',
  currentOutputValue: '31.5',
  unit: '°C',
  severity: 3,
  range: 'High',
  eventTime: '2026-11-25T08:00:00.000Z',
  appName: 'Plant A',
  link: 'https://console.example/public/event/abc.def?x=1&y=2',
};

describe('notification messages', () => {
  it('fills an e-mail template, escaping the values for HTML, with a plain-text part', async () => {
    const mail = await renderEmail('<p>{{ displayName }} is {{ currentOutputValue }}{{ unit }}</p><p>{{ link }}</p>', variables);
    expect(mail.html).toContain('<p>Tank &lt;1&gt; &amp; &quot;co&quot; is 31.5°C</p>');
    expect(mail.html).toContain('abc.def?x=1&amp;y=2');
    expect(mail.text).toBe('Tank <1> & "co" is 31.5°C\n\nhttps://console.example/public/event/abc.def?x=1&y=2');
    expect(mail.subject).toBe('Plant A: Too hot – Tank <1> & "co"');
  });

  it("adds the contact's link when the template leaves it out, and keeps a plain-text template's lines", async () => {
    const mail = await renderEmail('{{ itemName }} alarm\nPlease check', variables);
    expect(mail.html).toMatch(
      /^tank-1 alarm<br>\nPlease check\n<p><a href="https:\/\/console\.example\/public\/event\/abc\.def\?x=1&amp;y=2">/,
    );
    expect(mail.text).toBe('tank-1 alarm\nPlease check\nhttps://console.example/public/event/abc.def?x=1&y=2');
  });

  it('uses the default templates when the range has none', async () => {
    const mail = await renderEmail('', variables);
    expect(mail.text).toContain('Too hot');
    expect(mail.text).toContain('Tank <1> & "co" (tank-1): 31.5 °C');
    expect(mail.text).toContain(variables.link);
    expect(await renderText('  ', variables)).toBe(`Too hot: Tank <1> & "co" 31.5°C ${variables.link}`);
  });

  it('renders SMS and voice text unescaped, and reads no inherited properties', async () => {
    expect(await renderText('{{ displayName }} {{ link.constructor }}{{ severity }}', variables)).toBe('Tank <1> & "co" 3');
  });

  it('fails a template that cannot be read with a TemplateError', async () => {
    await expect(renderEmail('{% if %}', variables)).rejects.toBeInstanceOf(TemplateError);
    await expect(renderText("{% include '/etc/passwd' %}", variables)).rejects.toBeInstanceOf(TemplateError);
  });

  it('keeps the subject on one line and the text part free of tags and entities', () => {
    expect(emailSubject({ appName: 'A\nB', range: 'High', displayName: 'Pump' })).toBe('A B: High – Pump');
    expect(htmlToText('<div>a&nbsp;&amp;&nbsp;b</div><ul><li>one</li><li>two</li></ul>')).toBe('a & b\none\ntwo');
    expect(
      htmlToText(
        '<p><a href="https://x.example/?a=1&amp;b=2"><b>Open</b></a> or <a href="https://y.example">https://y.example</a></p>',
      ),
    ).toBe('Open (https://x.example/?a=1&b=2) or https://y.example');
  });
});
