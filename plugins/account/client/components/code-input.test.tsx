import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CodeInput } from './code-input';

describe('CodeInput', () => {
  it('renders six numeric single-digit boxes holding the digits', () => {
    const html = renderToStaticMarkup(<CodeInput digits={['1', '2', '', '', '', '']} onChange={() => undefined} />);
    const boxes = html.match(/<input[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(6);
    for (const box of boxes) expect(box).toContain('inputMode="numeric"');
    expect(boxes[0]).toContain('value="1"');
    expect(boxes[1]).toContain('value="2"');
    expect(boxes[2]).toContain('value=""');
    expect(boxes[0]).toContain('autoComplete="one-time-code"');
  });

  it('marks every box invalid after a refused code', () => {
    const html = renderToStaticMarkup(<CodeInput digits={['', '', '', '', '', '']} invalid onChange={() => undefined} />);
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(6);
  });
});
