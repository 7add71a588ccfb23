import { usePluginStore } from '@sensorium/core/client';
import type { AuditStore, AuditStoreInstance } from './store';

export const AUDIT_STORE = 'audit';

/** The audit store. Read it inside an observer() component. */
export function useAudit(): AuditStoreInstance {
  return usePluginStore<typeof AuditStore>(AUDIT_STORE);
}
