import { createTemplateRenderer } from '@sensorium/core/server';
import { DEFAULT_EMAIL_TEMPLATE, DEFAULT_TEXT_TEMPLATE } from './default-templates';

const htmlRenderer = createTemplateRenderer('html');
const textRenderer = createTemplateRenderer('none');

const ESCAPED: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const DECODED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPED[character]!);

/** A template without any tag was written as plain text (older ranges): its line breaks become HTML ones. */
const looksLikeHtml = (template: string) => /<[a-z][\s\S]*>/i.test(template);

/**
 * The plain-text part of an e-mail from its HTML: breaks and blocks become lines (a blank line between paragraphs), links
 * show their address, other tags go, entities are decoded.
 */
export function htmlToText(html: string): string {
  return (
    html
      // Line breaks in the HTML source are only spaces; the tags make the lines.
      .replace(/\s*\n\s*/g, ' ')
      // A link keeps its address: "Acknowledge (https://…)".
      .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
        const text = label.replace(/<[^>]*>/g, '').trim();
        return text && text !== href ? `${text} (${href})` : href;
      })
      .replace(/<(br|p|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^>]*>/gi, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => DECODED[name]!)
      .replace(/[ \t]*\n[ \t]*/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export interface EmailContent {
  subject: string;
  text: string;
  html: string;
}

/**
 * An e-mail from the range's e-mail template (or the default one), values escaped for HTML. The contact's link is
 * added at the end when the template leaves it out, so every notification can be acknowledged. Throws TemplateError.
 */
export async function renderEmail(template: string, variables: Record<string, unknown>): Promise<EmailContent> {
  const source = template.trim() === '' ? DEFAULT_EMAIL_TEMPLATE : template;
  let html = await htmlRenderer.render(looksLikeHtml(source) ? source : source.replace(/\r?\n/g, '<br>\n'), variables);
  const link = typeof variables.link === 'string' ? variables.link : '';
  if (link && !html.includes(escapeHtml(link))) html += `\n<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`;
  return { subject: emailSubject(variables), text: htmlToText(html), html };
}

/** "<app>: <description or range> – <display name>", on one line. */
export function emailSubject(variables: Record<string, unknown>): string {
  const part = (name: string) => (typeof variables[name] === 'string' ? (variables[name] as string).trim() : '');
  const what = [part('description') || part('range'), part('displayName')].filter(Boolean).join(' – ');
  return [part('appName'), what].filter(Boolean).join(': ').replace(/\s+/g, ' ').slice(0, 250);
}

/** An SMS, WhatsApp or voice text from the range's template (or the default one), values as they are. */
export async function renderText(template: string, variables: Record<string, unknown>): Promise<string> {
  const source = template.trim() === '' ? DEFAULT_TEXT_TEMPLATE : template;
  return (await textRenderer.render(source, variables)).trim();
}
