export { startServer, type RunningServer } from './start-server';
export { loadConfig } from './config';
export { serverPlugins } from './plugins';
