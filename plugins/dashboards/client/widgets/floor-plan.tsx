import { Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole, useHttp } from '@sensorium/core/client';
import type { Item } from '@sensorium/nodes/common';
import { fieldText } from '../value-format';
import type { WidgetProps } from './widget-props';

const SEVERITY_COLOURS = ['#107c10', '#0f6cbd', '#eaa300', '#f7630c', '#d13438'];

/**
 * A node's floor plan (nodes' floor plans: its image and pins) with the bound items' pins coloured live by severity,
 * their values in the pin's title. Through a share link it is not offered: the plan's calls need a user.
 */
export const FloorPlan = observer(function FloorPlan(props: WidgetProps) {
  const { t } = useTranslation();
  if (props.store.shared) return <Text italic>{t('dashboards.widget.signInNeeded')}</Text>;
  return <PlacedPins {...props} />;
});

const PlacedPins = observer(function PlacedPins({ widget, store }: WidgetProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const { tokens } = useConsole();
  const [node, setNode] = useState<Item | null | undefined>(undefined);
  const planId = widget.options.floorPlanId;
  const base = `node-structure-item/${encodeURIComponent(store.appId)}`;
  useEffect(() => {
    if (!planId) return;
    http
      .get(`${base}/items/${encodeURIComponent(planId)}`)
      .json<Item>()
      .then(setNode)
      .catch(() => setNode(null));
  }, [http, base, planId]);
  const plan = node?.geoInfo.floorPlan;
  if (!planId || node === null || (node && !plan)) return <Text italic>{t('dashboards.widget.noFloorPlan')}</Text>;
  if (!node || !plan) return null;
  const image = `/api/${base}/object/${encodeURIComponent(plan.origin.image)}?token=${encodeURIComponent(tokens.accessToken ?? '')}`;
  const bound = new Map(
    widget.bindings.map((binding) => store.items.get(binding.itemUuid)).flatMap((item) => (item ? [[item.itemName, item]] : [])),
  );
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <img src={image} alt={widget.title} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      {(plan.pins ?? []).map((pin) => {
        const item = bound.get(pin.itemName);
        if (!item) return null;
        const title = [item.displayName, ...item.fields.map((field) => `${field.label}: ${fieldText(item, field.field) ?? '-'}`)];
        return (
          <span
            key={pin.itemName}
            title={title.join('\n')}
            data-testid="floor-plan-pin"
            style={{
              position: 'absolute',
              left: `${pin.x * 100}%`,
              top: `${pin.y * 100}%`,
              width: 14,
              height: 14,
              marginLeft: -7,
              marginTop: -7,
              borderRadius: '50%',
              border: '2px solid white',
              background: item.connection ? SEVERITY_COLOURS[item.severity] : '#8a8886',
            }}
          />
        );
      })}
    </div>
  );
});
