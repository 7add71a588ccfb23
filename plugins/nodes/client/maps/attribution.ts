const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Leaflet's attribution is HTML: the configured text, escaped, linked to the provider's copyright page. */
export function attributionHtml(attribution: { text: string; url: string | null } | null): string {
  if (!attribution) return '';
  const text = escapeHtml(attribution.text);
  return attribution.url
    ? `<a href="${escapeHtml(attribution.url)}" target="_blank" rel="noopener noreferrer">${text}</a>`
    : text;
}
