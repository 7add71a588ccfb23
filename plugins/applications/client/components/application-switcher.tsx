import {
  Button,
  Caption1,
  makeStyles,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  SearchBox,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChevronDownRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { appIdFromPath, pathForApp } from '@sensorium/core/client';
import { filterApplications, groupByCustomer, severityPresentation } from '../../common';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  // On a phone the header leaves the switcher little room: it gives way (its name ends in an ellipsis) to the actions
  // beside it, below Fluent's minimum button width.
  trigger: { maxWidth: '240px', minWidth: 0, color: 'inherit' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  surface: { width: '320px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { height: '250px', overflowY: 'auto' },
  group: {
    padding: `${tokens.spacingVerticalXS} 0`,
    color: tokens.colorNeutralForeground3,
    fontWeight: tokens.fontWeightSemibold,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: '1fr auto',
    width: '100%',
    textAlign: 'left',
    padding: tokens.spacingVerticalXS,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusMedium,
    ':hover': { background: tokens.colorNeutralBackground1Hover },
  },
  count: { borderRadius: tokens.borderRadiusCircular, padding: '0 6px', border: `1px solid ${tokens.colorNeutralStroke1}` },
});

/** The header's application switcher (shell spec §2.3). */
export const ApplicationSwitcher = observer(function ApplicationSwitcher() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useApplications();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const current = store.find(appIdFromPath(location.pathname));
  // Computed in render (not memoised on the list, whose array stays the same as the store reloads it): observed.
  const groups = groupByCustomer(filterApplications(store.appList, keyword));

  const choose = (appId: string) => {
    setOpen(false);
    void navigate(pathForApp(location.pathname, appId));
  };

  return (
    <Popover open={open} onOpenChange={(_, data) => setOpen(data.open)} positioning="below-start" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={styles.trigger} icon={<ChevronDownRegular />} iconPosition="after">
          <span className={styles.name}>{current?.name ?? t('applications.switcher.select')}</span>
        </Button>
      </PopoverTrigger>
      <PopoverSurface className={styles.surface} aria-label={t('applications.switcher.select')}>
        <SearchBox
          placeholder={t('applications.switcher.search')}
          aria-label={t('applications.switcher.search')}
          value={keyword}
          onChange={(_, data) => setKeyword(data.value)}
        />
        <div className={styles.list} role="listbox" aria-label={t('applications.switcher.select')}>
          {groups.length === 0 && <Caption1>{t('applications.switcher.noMatch')}</Caption1>}
          {groups.map((group) => (
            <div key={group.customerId}>
              <div className={styles.group}>{group.customerName ?? t('applications.unknownCustomer')}</div>
              {group.apps.map((app) => {
                const events = store.eventsOf(app.id);
                const severity = severityPresentation(app.setting, events.severity, t);
                return (
                  <button
                    key={app.id}
                    type="button"
                    role="option"
                    aria-selected={app.id === current?.id}
                    className={styles.item}
                    onClick={() => choose(app.id)}
                  >
                    <Text weight="semibold">{app.name}</Text>
                    <span className={styles.count} style={{ background: severity.background, color: severity.text }}>
                      {events.count}
                    </span>
                    <Caption1>{app.description}</Caption1>
                  </button>
                );
              })}
            </div>
          ))}
        </div>
        <Button
          appearance="primary"
          onClick={() => {
            setOpen(false);
            void navigate('/application/application-list');
          }}
        >
          {t('applications.switcher.viewAll')}
        </Button>
      </PopoverSurface>
    </Popover>
  );
});
