import { MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Button } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ContactImportReport } from '../../common';

/** What an import did: how many clients it added and updated, or (nothing written) each refused row with its field. */
export function ImportReport(props: { report: ContactImportReport; onDismiss(): void }) {
  const { t } = useTranslation();
  const { report } = props;
  const refused = report.rejected.length > 0;
  return (
    <MessageBar intent={refused ? 'error' : 'success'} layout="multiline" role="status">
      <MessageBarBody>
        <MessageBarTitle>{t('notifications.contacts.importTitle')}</MessageBarTitle>
        {refused
          ? t('notifications.contacts.importRejected')
          : t('notifications.contacts.importDone', { created: report.created, updated: report.updated })}
        {refused && (
          <ul>
            {report.rejected.map((problem) => (
              <li key={`${problem.row}.${problem.field}`}>
                {t('notifications.contacts.importRow', {
                  row: problem.row,
                  field: t(`notifications.contacts.fields.${problem.field}`),
                  message: problem.message,
                })}
              </li>
            ))}
          </ul>
        )}
      </MessageBarBody>
      <MessageBarActions
        containerAction={
          <Button
            appearance="transparent"
            icon={<DismissRegular />}
            aria-label={t('notifications.contacts.dismiss')}
            onClick={props.onDismiss}
          />
        }
      />
    </MessageBar>
  );
}
