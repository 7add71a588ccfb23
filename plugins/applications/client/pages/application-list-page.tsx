import {
  Badge,
  Button,
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
import { AddRegular, PersonAddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContributions, useNotify, usePageStyles, usePush, useSession } from '@sensorium/core/client';
import { PUSH_TOPICS } from '@sensorium/core/common';
import {
  APPLICATION_SORTS,
  DEFAULT_END_CUSTOMER_ID,
  filterApplications,
  filterCustomers,
  groupByCustomer,
  listCounts,
  projectCreators,
  sortApplications,
  type ApplicationSort,
  type EndCustomer,
} from '../../common';
import { ApplicationCard } from '../components/application-card';
import { CreateApplicationDialog } from '../components/create-application-dialog';
import { EndCustomerDialog } from '../components/end-customer-dialog';
import { ListLoadFailure } from '../components/list-load-failure';
import { listHeading } from '../list-heading';
import { useApplications } from '../use-applications';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Customer names may be long: the buttons move under the name on a narrow screen instead of squeezing their labels.
  groupHeader: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  customerWithoutApps: {
    display: 'inline-flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    maxWidth: '100%',
  },
  // A pill's fixed height holds one line: a long name wraps inside a pill that grows with it.
  pill: { height: 'auto', minHeight: '20px', maxWidth: '100%', whiteSpace: 'normal', overflowWrap: 'anywhere' },
  addButton: { flexShrink: 0, whiteSpace: 'nowrap' },
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

/**
 * The Application List page (shell spec §2.5): counts, keyword search, sort, groups by end customer, Add End Customer and
 * per customer Add application and, with the new-project-wizard licence, Add New Project. The data and its calls are the
 * applications store's; the page keeps only its search, sort and which dialog is open.
 */
const ApplicationListPage = observer(function ApplicationListPage() {
  const { t } = useTranslation();
  const styles = useStyles();
  const layout = usePageStyles();
  const store = useApplications();
  // The cards list the latest open events: read again on a visit and whenever an application's events change.
  useEffect(() => void store.refreshEvents(), [store]);
  usePush(PUSH_TOPICS.systemEventUpdate, () => void store.refreshEvents());
  usePush(PUSH_TOPICS.systemEventRefresh, () => void store.refreshEvents());
  const [keyword, setKeyword] = useState('');
  const [sort, setSort] = useState<ApplicationSort>('name');
  // Computed in render (not memoised on the list, whose array stays the same as the store reloads it): observed.
  const shownApps = filterApplications(store.appList, keyword);
  const groups = groupByCustomer(sortApplications(shownApps, sort));
  const customersWithoutApps = filterCustomers(store.endCustomerWithoutApps, keyword);
  const counts = listCounts(shownApps, customersWithoutApps);
  const notify = useNotify();
  const session = useSession();
  const [addingCustomer, setAddingCustomer] = useState(false);
  const [creatingFor, setCreatingFor] = useState<EndCustomer | null>(null);
  const [projectFor, setProjectFor] = useState<EndCustomer | null>(null);
  // The project wizard's plugin contributes the creator only while it runs (with the new-project-wizard licence).
  const ProjectCreatorDialog = useContributions(projectCreators)[0]?.component;
  // End-customer users cannot create applications (the server refuses them too).
  const canCreate = session.user?.level !== 'end-customer';
  const defaultCustomer = (): EndCustomer => {
    const known = [
      ...store.endCustomerWithoutApps,
      ...store.appList.map((app) => ({ id: app.endCustomerId, name: app.endCustomerName })),
    ];
    return (
      known.find((customer) => customer.id === DEFAULT_END_CUSTOMER_ID) ?? {
        id: DEFAULT_END_CUSTOMER_ID,
        name: DEFAULT_END_CUSTOMER_ID,
      }
    );
  };
  const addApplicationButton = (customer: EndCustomer) =>
    canCreate && (
      <>
        <Button className={styles.addButton} size="small" icon={<AddRegular />} onClick={() => setCreatingFor(customer)}>
          {t('applications.create.add')}
        </Button>
        {ProjectCreatorDialog && (
          <Button className={styles.addButton} size="small" icon={<AddRegular />} onClick={() => setProjectFor(customer)}>
            {t('applications.project.add')}
          </Button>
        )}
      </>
    );
  const addCustomer = async (name: string) => {
    const outcome = await store.addEndCustomer(name);
    if (outcome.ok) setAddingCustomer(false);
    else if (outcome.failure.message) notify({ intent: 'error', title: outcome.failure.message });
  };

  return (
    <section className={layout.page}>
      <Title3 as="h1">{t('applications.title')}</Title3>
      <Text data-testid="application-count">{listHeading(t, counts)}</Text>
      <div className={layout.toolbar}>
        <SearchBox
          className={layout.search}
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
        {session.hasPermission('useredit') && (
          <Button icon={<PersonAddRegular />} onClick={() => setAddingCustomer(true)}>
            {t('applications.customers.add')}
          </Button>
        )}
      </div>
      {customersWithoutApps.length > 0 && (
        <div className={styles.withoutApps} aria-label={t('applications.customersWithoutApps')}>
          <Subtitle2>{t('applications.customersWithoutApps')}</Subtitle2>
          {customersWithoutApps.map((customer) => (
            <span key={customer.id} className={styles.customerWithoutApps}>
              <Badge className={styles.pill} appearance="outline">
                {customer.name}
              </Badge>
              {addApplicationButton(customer)}
            </span>
          ))}
        </div>
      )}
      {store.state === 'loading' && <Spinner size="small" />}
      {store.state === 'ready' && counts.apps === 0 && <Text>{t('applications.empty')}</Text>}
      {store.state === 'failed' && <ListLoadFailure onRetry={() => void store.load()} />}
      {groups.map((group) => (
        <div className={styles.group} key={group.customerId}>
          <div className={styles.groupHeader}>
            <Subtitle2 as="h2">{group.customerName ?? t('applications.unknownCustomer')}</Subtitle2>
            {addApplicationButton(
              group.customerName === null ? defaultCustomer() : { id: group.customerId, name: group.customerName },
            )}
          </div>
          <div className={styles.cards}>
            {group.apps.map((app) => (
              <ApplicationCard key={app.id} app={app} />
            ))}
          </div>
        </div>
      ))}
      {addingCustomer && (
        <EndCustomerDialog
          title={t('applications.customers.add')}
          onClose={() => setAddingCustomer(false)}
          onSave={addCustomer}
        />
      )}
      {projectFor && ProjectCreatorDialog && (
        <ProjectCreatorDialog
          endCustomerId={projectFor.id}
          open
          onClose={async (result) => {
            // The list shows the new project before the wizard is gone (its Homepage button waits for this).
            if (result) await store.load();
            setProjectFor(null);
          }}
        />
      )}
      {creatingFor && <CreateApplicationDialog customer={creatingFor} onClose={() => setCreatingFor(null)} />}
    </section>
  );
});

export default ApplicationListPage;
