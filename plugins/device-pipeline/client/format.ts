const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** dd/MM/yyyy HH:mm:ss as the node console shows times (node spec 9), with `.SSS` when asked (raw data table). */
export function formatDateTime(value: string | number | Date, withMillis = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const text = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  return withMillis ? `${text}.${pad(d.getMilliseconds(), 3)}` : text;
}
