/** A theme colour split for the picker: `<input type="color">` edits the RGB part, the opacity slider the alpha byte. */
export interface ColorParts {
  /** #rrggbb, lowercase. */
  rgb: string;
  /** 0 (transparent) to 255 (opaque). */
  alpha: number;
}

/** Reads a stored theme colour (#RRGGBB, #RRGGBBAA, `white` or `transparent`); anything else shows as opaque black. */
export function colorParts(value: string): ColorParts {
  if (value === 'white') return { rgb: '#ffffff', alpha: 255 };
  if (value === 'transparent') return { rgb: '#000000', alpha: 0 };
  const match = /^#([0-9a-fA-F]{6})([0-9a-fA-F]{2})?$/.exec(value);
  if (!match) return { rgb: '#000000', alpha: 255 };
  return { rgb: `#${match[1]!.toLowerCase()}`, alpha: match[2] ? parseInt(match[2], 16) : 255 };
}

/** Writes #rrggbb when opaque, #rrggbbaa otherwise. */
export function formatColor({ rgb, alpha }: ColorParts): string {
  const byte = Math.round(Math.min(255, Math.max(0, alpha)));
  return byte === 255 ? rgb.toLowerCase() : `${rgb.toLowerCase()}${byte.toString(16).padStart(2, '0')}`;
}
