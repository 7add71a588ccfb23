export { simulatedDevices, deviceValues, generatedDevice, type SimulatedDevice } from './devices';
export { generatedValue, generatedValues } from './generators';
export { collectSimulatorEncodings } from './encodings';
export { Simulator, type SimulatorOptions, type SimulatorStats } from './simulator';
