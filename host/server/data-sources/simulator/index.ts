export { simulatedDevices, deviceValues, type SimulatedDevice } from './devices';
export { collectSimulatorEncodings } from './encodings';
export { Simulator, type SimulatorOptions, type SimulatorStats } from './simulator';
