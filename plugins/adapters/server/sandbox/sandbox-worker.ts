import { parentPort, workerData } from 'node:worker_threads';
import type { SandboxLimits } from '../config';
import { HelperRateLimit } from './rate-limit';
import { Sandbox, type RunRequest } from './sandbox';
import type { ToSandbox } from './thread-messages';

/**
 * The worker thread the sandbox runs in. QuickJS checks its interrupt handler only between bytecodes, so a native loop
 * (`new Array(1e9).join()`, `indexOf` over a huge sparse array) would hold the thread for seconds; here it holds only
 * this thread, which the main thread terminates when a run overstays (IsolatedSandbox), never the server's event loop.
 */
const { limits, helperCallsPerMinute } = workerData as { limits: SandboxLimits; helperCallsPerMinute: number };
const sandbox = await Sandbox.create(limits, new HelperRateLimit(helperCallsPerMinute));
const port = parentPort!;

port.on('message', (message: ToSandbox) => {
  if (message.type === 'check') {
    port.postMessage({ type: 'checked', id: message.id, error: sandbox.check(message.source) });
    return;
  }
  // Each run's result goes back as soon as it is done: when a later run hangs, the earlier ones are kept.
  message.requests.forEach((request: RunRequest, index: number) => {
    port.postMessage({ type: 'ran', id: message.id, index, run: sandbox.run(request) });
  });
});
port.postMessage({ type: 'ready' });
