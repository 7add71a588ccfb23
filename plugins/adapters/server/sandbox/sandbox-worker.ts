import { parentPort, workerData } from 'node:worker_threads';
import type { SandboxLimits } from '../config';
import { HelperRateLimit } from './rate-limit';
import { Sandbox } from './sandbox';
import type { ScriptRun } from '../../common/types';
import type { FromSandbox, ToSandbox } from './thread-messages';

/** How often a batch's finished runs are sent back. */
const POST_EVERY_MS = 5;

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
  // Results go back every POST_EVERY_MS (one message per run would cost more than a run), or each at once when careful.
  let index = 0;
  let done: ScriptRun[] = [];
  let posted = performance.now();
  const post = () => {
    port.postMessage({ type: 'ran', id: message.id, index, runs: done } satisfies FromSandbox);
    index += done.length;
    done = [];
    posted = performance.now();
  };
  for (const request of message.requests) {
    done.push(sandbox.run(request));
    if (message.careful || performance.now() - posted >= POST_EVERY_MS) post();
  }
  if (done.length > 0) post();
});
port.postMessage({ type: 'ready' });
