import { Button, Switch, Text } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError, useHttp, useNotify } from '@sensorium/core/client';
import { BindingProblem } from './binding-problem';
import type { WidgetProps } from './widget-props';

/**
 * Sends options.command of the bound item through nodes' item command call (which checks the nodemanagement
 * permission). A switch shows the bound field's value as on or off; either control sends the same command. Read-only
 * through a share link.
 */
export const CommandWidget = observer(function CommandWidget({ widget, store }: WidgetProps) {
  const { t } = useTranslation();
  const http = useHttp();
  const notify = useNotify();
  const [sending, setSending] = useState(false);
  const binding = widget.bindings[0];
  const item = binding ? store.items.get(binding.itemUuid) : undefined;
  if (!binding || !item) return <BindingProblem bound={!!binding} />;
  const command = item.commands.find((entry) => entry.id === widget.options.command);
  const label = command?.display ?? widget.options.command ?? '';
  const send = async () => {
    setSending(true);
    try {
      await http.post(`node-structure-item/${encodeURIComponent(store.appId)}/items/${encodeURIComponent(item.uuid)}/command`, {
        json: { commandId: widget.options.command },
      });
      notify({ intent: 'success', title: t('dashboards.widget.sent') });
    } catch (error) {
      notify({ intent: 'error', title: t('dashboards.widget.sendFailed'), body: (await readApiError(error))?.message });
    } finally {
      setSending(false);
    }
  };
  const disabled = store.shared || store.editing || sending || !command;
  return (
    <div>
      <Text block size={200}>
        {item.displayName}
      </Text>
      {widget.options.control === 'switch' ? (
        <Switch
          label={label}
          checked={binding.field ? Boolean(item.outputSimple[binding.field]) : false}
          disabled={disabled}
          onChange={() => void send()}
        />
      ) : (
        <Button appearance="primary" disabled={disabled} onClick={() => void send()}>
          {label || t('dashboards.widget.send')}
        </Button>
      )}
    </div>
  );
});
