// The SMTP thread's entry: plain JavaScript so that Node starts it in every environment (tsx, vitest, the CLI), which
// then loads the TypeScript worker through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('./smtp-thread.ts');
