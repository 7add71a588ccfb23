import { isHttpUrl } from '@sensorium/nodes/common';

/** Spec 5: the crawler's target URL — empty: 'Please fill out the form.', otherwise it must be a URL ('Invalid URL.'). */
export function fieldErrors(value: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const url = typeof value.url === 'string' ? value.url.trim() : '';
  if (url === '') errors.url = 'crawler.errors.fillOut';
  else if (!isHttpUrl(url)) errors.url = 'crawler.errors.url';
  const interval = typeof value.intervalSec === 'string' ? value.intervalSec.trim() : '';
  if (interval !== '' && !/^[1-9]\d*$/.test(interval)) errors.intervalSec = 'crawler.errors.interval';
  return errors;
}

export function validate(value: Record<string, unknown>): string[] {
  return Object.values(fieldErrors(value));
}

export function initialValue(): Record<string, unknown> {
  return { url: '', intervalSec: '' };
}
