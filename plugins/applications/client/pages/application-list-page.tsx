import {
  Badge,
  Dropdown,
  makeStyles,
  Option,
  SearchBox,
  Spinner,
  Subtitle2,
  Text,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { APPLICATION_SORTS, filterApplications, groupByCustomer, sortApplications, type ApplicationSort } from '../../common';
import { ApplicationCard } from '../components/application-card';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'center' },
  search: { minWidth: '240px', flexGrow: 1, maxWidth: '420px' },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  withoutApps: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalM,
    borderRadius: tokens.borderRadiusMedium,
    background: tokens.colorPaletteYellowBackground1,
  },
});

/** The Application List page (shell spec §2.5): counts, keyword search, sort, groups by end customer. */
const ApplicationListPage = observer(function ApplicationListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const store = useApplications();
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<ApplicationSort>('name');
  const groups = useMemo(
    () => groupByCustomer(sortApplications(filterApplications(store.appList, keyword), sort)),
    [store.appList, keyword, sort],
  );
  const shown = groups.reduce((total, group) => total + group.apps.length, 0);

  return (
    <section className={styles.page}>
      <Title3 as="h1">{t('applications.title')}</Title3>
      <Text data-testid="application-count">{t('applications.heading', { apps: shown, customers: store.customerCount })}</Text>
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          aria-label={t('applications.searchPlaceholder')}
          placeholder={t('applications.searchPlaceholder')}
          value={keyword}
          onChange={(_, data) => setKeyword(data.value)}
        />
        <Dropdown
          aria-label={t('applications.sortLabel')}
          value={t(`applications.sort.${sort}`)}
          selectedOptions={[sort]}
          onOptionSelect={(_, data) => setSort(data.optionValue as ApplicationSort)}
        >
          {APPLICATION_SORTS.map((option) => (
            <Option key={option} value={option}>
              {t(`applications.sort.${option}`)}
            </Option>
          ))}
        </Dropdown>
      </div>
      {store.endCustomerWithoutApps.length > 0 && (
        <div className={styles.withoutApps} aria-label={t('applications.customersWithoutApps')}>
          <Subtitle2>{t('applications.customersWithoutApps')}</Subtitle2>
          {store.endCustomerWithoutApps.map((customer) => (
            <Badge key={customer.id} appearance="outline">
              {customer.name}
            </Badge>
          ))}
        </div>
      )}
      {store.state === 'loading' && <Spinner size="small" />}
      {store.state === 'ready' && shown === 0 && <Text>{t('applications.empty')}</Text>}
      {groups.map((group) => (
        <div className={styles.group} key={group.customerId}>
          <Subtitle2 as="h2">{group.customerName ?? t('applications.unknownCustomer')}</Subtitle2>
          <div className={styles.cards}>
            {group.apps.map((app) => (
              <ApplicationCard key={app.id} app={app} />
            ))}
          </div>
        </div>
      ))}
    </section>
  );
});

export default ApplicationListPage;
