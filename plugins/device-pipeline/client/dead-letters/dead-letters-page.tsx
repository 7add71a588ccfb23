import { Badge } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatListTime, PagedListPage } from '@sensorium/core/client';
import { DEAD_LETTER_PAGE_SIZE, useDeadLetters } from './store';

const TEXT = 'device-pipeline.deadLetters';

/**
 * Diagnosis > Dead letters: what devices and network servers sent that could not be stored (GET /api/dead-letters),
 * newest first, with the beginning of the selected one's payload. Cloud users only.
 */
const DeadLettersPage = observer(function DeadLettersPage() {
  const { t } = useTranslation();
  const store = useDeadLetters();
  return (
    <PagedListPage
      store={store}
      pageSize={DEAD_LETTER_PAGE_SIZE}
      texts={TEXT}
      columns={[
        { id: 'time', header: t(`${TEXT}.columns.time`), cell: (letter) => formatListTime(letter.createdAt) },
        { id: 'source', header: t(`${TEXT}.columns.source`), cell: (letter) => letter.source },
        {
          id: 'reason',
          header: t(`${TEXT}.columns.reason`),
          cell: (letter) => (
            <Badge appearance="tint" color={letter.reason === 'unstorable' ? 'danger' : 'warning'}>
              {t(`${TEXT}.reasons.${letter.reason}`)}
            </Badge>
          ),
        },
        { id: 'application', header: t(`${TEXT}.columns.application`), cell: (letter) => letter.appId ?? '—' },
        { id: 'size', header: t(`${TEXT}.columns.size`), cell: (letter) => letter.payloadBytes },
      ]}
      read={(letter) => ({
        heading: letter.origin,
        lines: [
          t(`${TEXT}.reasons.${letter.reason}`) + (letter.detail ? ` · ${letter.detail}` : ''),
          letter.organisationId && t(`${TEXT}.organisation`, { id: letter.organisationId }),
        ],
        body: letter.payload,
      })}
    />
  );
});

export default DeadLettersPage;
