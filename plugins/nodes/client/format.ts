import { LANGUAGE_TAGS, type Language } from '@sensorium/core/common';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** dd/MM/yyyy HH:mm:ss (item tab times, spec 9), with `.SSS` when asked (raw data table). */
export function formatDateTime(value: string | number | Date, withMillis = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const text = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withMillis ? `${text}.${pad(d.getMilliseconds(), 3)}` : text;
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "3 minutes ago" in the interface language. Never in the future: the page's clock ticks every few seconds while pushes
 * bring newer times, so a time after `now` is as good as now ("now", not "in 4 seconds").
 */
export function relativeTime(value: string | number | Date, language: Language, now = Date.now()): string {
  const seconds = Math.min(0, Math.round((new Date(value).getTime() - now) / 1000));
  const format = new Intl.RelativeTimeFormat(LANGUAGE_TAGS[language], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return format.format(Math.trunc(seconds / size), unit);
  }
  return '';
}

/** The interface language from i18next's current language code. */
export function asLanguage(code: string | undefined): Language {
  return code === 'hk' || code === 'cn' ? code : 'en';
}
