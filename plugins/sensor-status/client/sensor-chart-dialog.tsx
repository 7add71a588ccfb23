import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useContributions } from '@sensorium/core/client';
import { CHART_TAB_ID } from '@sensorium/device-pipeline/common';
import { itemSettingsTabs } from '@sensorium/nodes/common';
import type { SensorStatusStoreInstance } from './store';

const useStyles = makeStyles({
  surface: { width: 'min(960px, calc(100vw - 24px))', maxWidth: 'none', boxSizing: 'border-box' },
  title: { overflowWrap: 'anywhere' },
});

/**
 * The open device's history chart: the item panel's own Chart tab (device-pipeline's, through nodes' tab point) with
 * its periods and the summary types and intervals of accounts spec §3. It follows the device's live values.
 */
export const SensorChartDialog = observer(function SensorChartDialog(props: { store: SensorStatusStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { store } = props;
  const Chart = useContributions(itemSettingsTabs).find((tab) => tab.id === CHART_TAB_ID)?.component;
  const selected = store.selected;
  const detail = store.detail;

  return (
    <Dialog open={store.selectedUuid !== null} onOpenChange={(_, data) => !data.open && void store.select(null)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle className={styles.title}>{selected?.displayName}</DialogTitle>
          <DialogContent>
            {store.detailLoading.failed ? (
              <Text role="alert">{store.detailLoading.failure?.message || t('sensor-status.detail.loadFailed')}</Text>
            ) : detail && Chart ? (
              <Suspense fallback={<Spinner size="small" />}>
                <Chart appId={store.appId} item={detail} active canWrite={false} />
              </Suspense>
            ) : (
              <Spinner size="small" />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => void store.select(null)}>
              {t('sensor-status.detail.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
});
