/**
 * Templates used when the range's template for a channel is empty: what happened, on which item, its value, when, and
 * the contact's link to acknowledge or clear it.
 */
export const DEFAULT_EMAIL_TEMPLATE = `<p><strong>{{ description | default: range }}</strong></p>
<p>{{ displayName }} ({{ itemName }}): {{ currentOutputValue }} {{ unit }}</p>
<p>{{ appName }}, {{ eventTime }}</p>
<p><a href="{{ link }}">{{ link }}</a></p>`;

/** SMS, WhatsApp and voice: short, one line. */
export const DEFAULT_TEXT_TEMPLATE =
  '{{ description | default: range }}: {{ displayName }} {{ currentOutputValue }}{{ unit }} {{ link }}';
