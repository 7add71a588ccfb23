import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { getSnapshot } from 'mobx-state-tree';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useContributions, useSession } from '@sensorium/core/client';
import { eventDetailSections, eventSectionsFor } from '../../common/extension-points';
import type { EventInstance } from '../models';

const useStyles = makeStyles({
  section: { marginTop: tokens.spacingVerticalL, minWidth: 0 },
});

/** The other plugins' sections of the details dialog (events.event-detail-sections/v1) the user may see, in order. */
export const EventDetailSections = observer(function EventDetailSections({
  appId,
  event,
}: {
  appId: string;
  event: EventInstance;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const session = useSession();
  const sections = eventSectionsFor(useContributions(eventDetailSections), (permission) => session.hasPermission(permission));
  // A plain snapshot: sections get the record, not the Event View's tree node.
  const record = getSnapshot(event);
  return (
    <>
      {sections.map(({ id, titleKey, component: Section }) => (
        <section key={id} className={styles.section} aria-label={t(titleKey)}>
          <Subtitle2 as="h3">{t(titleKey)}</Subtitle2>
          <Section appId={appId} event={record} />
        </section>
      ))}
    </>
  );
});
