import { AuditLogToken, defineRoute, defineServerPlugin } from '@sensorium/core/server';
import { AuditHistoryQuery } from './audit-history-query';
import { auditI18n } from '../common/i18n';
import { manifest } from '../manifest';

export default defineServerPlugin({
  manifest,
  i18n: auditI18n,
  deps: { auditLog: AuditLogToken },
  register(context, { auditLog }) {
    context.addRoute(
      defineRoute({
        method: 'GET',
        url: '/audit-history/',
        summary: 'One page of the audit trail, newest first (cloud: all; si-customer: its organisation’s users)',
        // Diagnosis pages sit behind the admin guard; an end-customer user has no audit view.
        levels: ['cloud', 'si-customer'],
        query: AuditHistoryQuery,
        handler: ({ user, query }) =>
          auditLog.list({
            limit: query.limit,
            offset: query.offset,
            keyword: query.keyword?.trim() || undefined,
            organisationId: user.level === 'si-customer' ? (user.organisationId ?? '') : undefined,
          }),
      }),
    );
  },
});
