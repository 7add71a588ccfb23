export * from './types';
export { processUplink, tick, reevaluate, rawKey, formatValue } from './process';
export { matchRange, statusOfRange, BELOW_MINIMUM, ABOVE_MAXIMUM, BELOW_MINIMUM_STATUS, ABOVE_MAXIMUM_STATUS } from './ranges';
export { aggregate } from './debounce';
export { inferSignal, toAnalog, toDigital, toText, simpleConvert, passesSpikeFilter } from './signal';
