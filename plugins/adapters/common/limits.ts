/** The longest script the API stores (characters). */
export const SCRIPT_MAX_CHARS = 65_536;
/** The most characters of JSON a run may answer (its fields or its downlink). */
export const OUTPUT_MAX_CHARS = 65_536;
/** console.log lines kept per run, and the characters kept of each. */
export const LOG_MAX_LINES = 100;
export const LOG_LINE_MAX_CHARS = 500;
/** The longest text a helper takes (an e-mail body, an SMS, an event description). */
export const HELPER_TEXT_MAX_CHARS = 2_000;
/** The longest sample payload a test run takes (characters of JSON). */
export const SAMPLE_MAX_CHARS = 65_536;
/** Event severities a script may raise (the console's severity levels). */
export const EVENT_SEVERITY_MIN = 1;
export const EVENT_SEVERITY_MAX = 5;
