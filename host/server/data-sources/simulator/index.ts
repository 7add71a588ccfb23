export { simulatedDevices, deviceValues, uplinkMessage, type SimulatedDevice, type SimulatedSource } from './devices';
export { Simulator, type SimulatorOptions, type SimulatorStats } from './simulator';
