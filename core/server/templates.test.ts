import { describe, expect, it } from 'vitest';
import { createTemplateRenderer, TemplateError } from './templates';

describe('template renderer', () => {
  it('keeps a JSON body valid whatever the values hold', async () => {
    const json = createTemplateRenderer('json');
    const text = await json.render('{"name": "{{ itemName }}", "value": {{ value }}, "event": {{ event | json | raw }}}', {
      itemName: 'Tank "A"\n\\ 1',
      value: 21.5,
      event: { id: 'e-1', tags: ['x'] },
    });
    expect(JSON.parse(text)).toEqual({ name: 'Tank "A"\n\\ 1', value: 21.5, event: { id: 'e-1', tags: ['x'] } });
  });

  it('escapes HTML, URL components or nothing', async () => {
    expect(await createTemplateRenderer('html').render('<b>{{ v }}</b>', { v: '<i>&"' })).toBe('<b>&lt;i&gt;&amp;&quot;</b>');
    expect(await createTemplateRenderer('uri').render('?q={{ v }}', { v: 'a b&c' })).toBe('?q=a%20b%26c');
    expect(await createTemplateRenderer('none').render('{{ v }} {{ missing }}!', { v: '<ok>' })).toBe('<ok> !');
  });

  it('reads no inherited properties, no files and no unknown filters', async () => {
    const none = createTemplateRenderer('none');
    expect(await none.render('{{ v.constructor }}{{ v.toString }}', { v: {} })).toBe('');
    await expect(none.render("{% include '/etc/passwd' %}", {})).rejects.toBeInstanceOf(TemplateError);
    await expect(none.render('{{ v | shell }}', { v: 1 })).rejects.toThrow(/shell/);
    await expect(none.render('{% if %}', {})).rejects.toBeInstanceOf(TemplateError);
  });

  it('stops a template that is too long or runs away', async () => {
    const none = createTemplateRenderer('none');
    await expect(none.render('x'.repeat(20_001), {})).rejects.toBeInstanceOf(TemplateError);
    await expect(
      none.render('{% for a in (1..100000) %}{% for b in (1..100000) %}{{ a }}{% endfor %}{% endfor %}', {}),
    ).rejects.toBeInstanceOf(TemplateError);
  });
});
