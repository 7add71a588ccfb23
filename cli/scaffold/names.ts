/** Plugin ids: lowercase words of letters and digits joined by single hyphens, starting with a letter. */
const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** Ids that would shadow the server's own paths (`/api`, `/metrics`, `/healthz`) or the shell's route segments. */
const RESERVED_IDS = new Set(['api', 'app', 'auth', 'core', 'host', 'metrics', 'healthz', 'public', 'shell']);

/** The spellings of one plugin id that the templates substitute. */
export interface PluginNames {
  /** `soil-sensors`: folder, manifest id, route path, i18n namespace. */
  id: string;
  /** `SoilSensors`: classes, components and models. */
  Name: string;
  /** `soilSensors`: variables and the store's name. */
  camelName: string;
  /** `soil_sensors`: table names. */
  snake: string;
  /** `Soil Sensors`: the English title. */
  title: string;
}

/** What the command calls the name it is given, for its messages: `plugin id`, or `data-source type`. */
export interface IdKind {
  noun: string;
  example: string;
}

export const PLUGIN_ID: IdKind = { noun: 'plugin id', example: 'soil-sensors' };

/** Explains why an id cannot be used, or returns null when it can. */
export function pluginIdProblem(id: string, kind: IdKind = PLUGIN_ID): string | null {
  if (!PLUGIN_ID_PATTERN.test(id)) {
    return `"${id}" is not a valid ${kind.noun}: use lowercase letters and digits, words joined by single hyphens, starting with a letter (e.g. "${kind.example}")`;
  }
  if (RESERVED_IDS.has(id)) return `"${id}" is reserved: it would clash with the console's own paths`;
  return null;
}

export function pluginNames(id: string): PluginNames {
  const words = id.split('-');
  const capitalised = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const Name = capitalised.join('');
  return {
    id,
    Name,
    camelName: Name.charAt(0).toLowerCase() + Name.slice(1),
    snake: words.join('_'),
    title: capitalised.join(' '),
  };
}
