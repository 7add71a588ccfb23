import { Body1, Button, Caption1, Card, CardHeader, Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import dayjs from 'dayjs';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useLicence } from '@sensorium/core/client';
import { LICENCES } from '@sensorium/core/common';
import { severityPresentation, type ApplicationSummary } from '../../common';
import defaultLogo from '../assets/default-application-logo.svg';
import { useLogoUrl } from '../use-logo-url';

const useStyles = makeStyles({
  card: { width: '300px', maxWidth: '100%' },
  events: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minHeight: '40px' },
  event: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '10px', height: '10px', borderRadius: '50%', border: `1px solid ${tokens.colorNeutralStroke1}` },
  footer: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  logo: { width: '40px', height: '40px', objectFit: 'contain', borderRadius: tokens.borderRadiusMedium },
});

/** One application of the list (shell spec §2.5). */
export const ApplicationCard = observer(function ApplicationCard({ app }: { app: ApplicationSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  const logoUrl = useLogoUrl(app);
  const dashboardLicensed = useLicence(LICENCES.dashboard);
  return (
    <Card className={styles.card} data-testid={`application-card-${app.id}`}>
      <CardHeader
        image={<img className={styles.logo} src={logoUrl ?? defaultLogo} alt="" />}
        header={
          <Link onClick={() => navigate(`/app/${encodeURIComponent(app.id)}/sensor`)}>
            <Text weight="semibold">{app.name}</Text>
          </Link>
        }
        description={<Caption1>{app.endCustomerName}</Caption1>}
      />
      <Body1>{app.description}</Body1>
      <div className={styles.events}>
        {app.event === null ? (
          <Caption1>{t('applications.cannotRetrieveEvent')}</Caption1>
        ) : app.event.eventList.length === 0 ? (
          <Caption1>{t('applications.noAlert')}</Caption1>
        ) : (
          app.event.eventList.map((event, index) => {
            const severity = severityPresentation(app.setting, event.severity, t);
            return (
              <div className={styles.event} key={index}>
                <span className={styles.dot} style={{ background: severity.background }} title={severity.name} />
                <Caption1>
                  {event.title} {event.value}
                </Caption1>
              </div>
            );
          })
        )}
      </div>
      <div className={styles.footer}>
        <Caption1>{t('applications.updated', { date: dayjs(app.updateDate).format('DD/MM/YYYY') })}</Caption1>
        <div className={styles.actions}>
          {dashboardLicensed && (
            <Button
              size="small"
              onClick={() => window.open(`/app/${encodeURIComponent(app.id)}/dashboard/main`, '_blank', 'noopener')}
            >
              {t('applications.dashboard')}
            </Button>
          )}
          <Button size="small" appearance="primary" onClick={() => navigate(`/app/${encodeURIComponent(app.id)}/event-view`)}>
            {t('applications.view')}
          </Button>
        </div>
      </div>
    </Card>
  );
});
