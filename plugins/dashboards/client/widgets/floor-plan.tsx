import { Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConsole, useHttp } from '@sensorium/core/client';
import type { Item } from '@sensorium/nodes/common';
import type { SharedFloorPlan } from '../../common';
import type { LiveItemInstance } from '../models';
import { fieldText } from '../value-format';
import type { WidgetProps } from './widget-props';

const SEVERITY_COLOURS = ['#107c10', '#0f6cbd', '#eaa300', '#f7630c', '#d13438'];

/** A plan to draw: its image's address and where the bound items sit on it (fractions of the image). */
interface PlacedPlan {
  image: string;
  pins: { itemUuid: string; x: number; y: number }[];
}

/**
 * A node's floor plan (nodes' floor plans: its image and pins) with the bound items' pins coloured live by severity,
 * their values in the pin's title. Signed in, the plan comes from nodes' calls; through a share link, from the link's
 * own calls, which answer the pins of the widget's bound items only.
 */
export const FloorPlan = observer(function FloorPlan(props: WidgetProps) {
  return props.store.shared ? <SharedPlan {...props} /> : <NodePlan {...props} />;
});

const NodePlan = observer(function NodePlan(props: WidgetProps) {
  return <PlanView plan={useNodePlan(props)} {...props} />;
});

const SharedPlan = observer(function SharedPlan(props: WidgetProps) {
  return <PlanView plan={useSharedPlan(props)} {...props} />;
});

/** A plan once loaded (undefined while loading, null when there is none). */
function PlanView({ plan, ...props }: WidgetProps & { plan: PlacedPlan | null | undefined }) {
  const { t } = useTranslation();
  if (plan === null) return <Text italic>{t('dashboards.widget.noFloorPlan')}</Text>;
  if (plan === undefined) return null;
  return <PlacedPins plan={plan} {...props} />;
}

/** The plan through nodes' item and object calls: undefined while loading, null when there is none. */
function useNodePlan({ widget, store }: WidgetProps): PlacedPlan | null | undefined {
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
  if (!planId) return null;
  if (node === undefined) return undefined;
  const plan = node?.geoInfo.floorPlan;
  if (!plan) return null;
  const byName = new Map(
    widget.bindings.flatMap((binding) => {
      const item = store.items.get(binding.itemUuid);
      return item ? [[item.itemName, item.uuid] as const] : [];
    }),
  );
  return {
    image: `/api/${base}/object/${encodeURIComponent(plan.origin.image)}?token=${encodeURIComponent(tokens.accessToken ?? '')}`,
    pins: (plan.pins ?? []).flatMap((pin) => {
      const itemUuid = byName.get(pin.itemName);
      return itemUuid ? [{ itemUuid, x: pin.x, y: pin.y }] : [];
    }),
  };
}

/** The plan through the share link's calls (the image's address carries the link's token: <img> sends no header). */
function useSharedPlan({ widget }: WidgetProps): PlacedPlan | null | undefined {
  const http = useHttp();
  const { tokens } = useConsole();
  const [plan, setPlan] = useState<SharedFloorPlan | null | undefined>(undefined);
  const path = `dashboard-share/widgets/${encodeURIComponent(widget.id)}/floor-plan`;
  useEffect(() => {
    http
      .get(path)
      .json<SharedFloorPlan>()
      .then(setPlan)
      .catch(() => setPlan(null));
  }, [http, path]);
  if (!plan) return plan;
  return { image: `/api/${path}/image?dashboard_token=${encodeURIComponent(tokens.pageToken ?? '')}`, pins: plan.pins };
}

const PlacedPins = observer(function PlacedPins({ plan, widget, store }: WidgetProps & { plan: PlacedPlan }) {
  return (
    <div style={{ position: 'relative', width: '100%', height: '100%' }}>
      <img src={plan.image} alt={widget.title} style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      {plan.pins.map((pin) => {
        const item = store.items.get(pin.itemUuid);
        return item ? <Pin key={pin.itemUuid} item={item} x={pin.x} y={pin.y} /> : null;
      })}
    </div>
  );
});

const Pin = observer(function Pin({ item, x, y }: { item: LiveItemInstance; x: number; y: number }) {
  const title = [item.displayName, ...item.fields.map((field) => `${field.label}: ${fieldText(item, field.field) ?? '-'}`)];
  return (
    <span
      title={title.join('\n')}
      data-testid="floor-plan-pin"
      style={{
        position: 'absolute',
        left: `${x * 100}%`,
        top: `${y * 100}%`,
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
});
