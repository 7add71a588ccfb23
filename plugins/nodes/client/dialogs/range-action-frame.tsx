import { Button } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RangeActionFrameProps } from '../../common/extension-points';
import { DialogShell, useDialogSave } from './dialog-shell';
import { TemplateVariablesTip } from './template-variables';

/**
 * The frame the range actions' dialogs render in (nodes.range-actions/v1): an editing dialog that closes only through
 * its buttons, Save (disabled while it runs or the form says so) and Close, 'Update failed!' with the server's message
 * when a save fails, and the template variables when asked for.
 */
export function RangeActionFrame(props: RangeActionFrameProps) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const save = useDialogSave(async () => {
    setSaving(true);
    try {
      const saved = await props.onSave();
      return saved.ok ? { ok: true, value: undefined } : { ok: false, failure: { status: null, fields: {}, ...saved.failure } };
    } finally {
      setSaving(false);
    }
  }, props.onClose);
  return (
    <DialogShell
      label={props.title}
      title={props.title}
      alert
      surfaceClassName={props.surfaceClassName}
      contentClassName={props.contentClassName}
      onClose={props.onClose}
      actions={
        <>
          <Button appearance="primary" disabled={saving || props.saveDisabled} onClick={save}>
            {t('nodes.save')}
          </Button>
          <Button onClick={props.onClose}>{props.closeLabel ?? t('nodes.close')}</Button>
        </>
      }
    >
      {props.children}
      {props.variables ? <TemplateVariablesTip onInsert={props.variables.onInsert} /> : null}
    </DialogShell>
  );
}
