import DOMPurify from 'dompurify';

/** What the e-mail template may hold: text formatting, headings, quotes, lists, links and line breaks. */
const ALLOWED = {
  ALLOWED_TAGS: [
    'b',
    'strong',
    'i',
    'em',
    'u',
    's',
    'h1',
    'h2',
    'h3',
    'blockquote',
    'ul',
    'ol',
    'li',
    'p',
    'div',
    'br',
    'span',
    'a',
  ],
  ALLOWED_ATTR: ['href'],
};

/** The template as it is stored and sent: the editor's HTML without scripts, styles, classes or event handlers. */
export function sanitizeEmailHtml(html: string): string {
  return DOMPurify.sanitize(html, ALLOWED);
}
