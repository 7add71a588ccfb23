// RFC 4180 CSV: fields separated by commas, quoted with " when they hold a comma, a quote or a line break, a quote
// inside a quoted field doubled. Files are UTF-8 with a byte-order mark, which Excel needs to read Chinese names.

const BOM = '\uFEFF';
/** A cell starting with one of these is a formula to a spreadsheet (CSV injection): it is written after a '. */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as a CSV file's text, header first, lines ended by CRLF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((row) => row.map(cell).join(',') + '\r\n').join('');
}

/** Undoes the formula guard of `toCsv`, so an exported number such as +85291234567 imports as it was. */
const unguarded = (value: string) => (value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value);

/** The records of a CSV text (a leading BOM dropped); a record may span lines inside quotes. Blank lines are kept as []. */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith(BOM) ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let started = false;
  const endField = () => {
    record.push(unguarded(field));
    field = '';
  };
  const endRecord = () => {
    if (started || record.length > 0) endField();
    records.push(record.length === 1 && record[0] === '' ? [] : record);
    record = [];
    started = false;
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index]!;
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
      continue;
    }
    if (char === '"') {
      quoted = true;
      started = true;
    } else if (char === ',') {
      endField();
      started = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRecord();
    } else {
      field += char;
      started = true;
    }
  }
  if (started || record.length > 0 || field !== '') endRecord();
  return records;
}
