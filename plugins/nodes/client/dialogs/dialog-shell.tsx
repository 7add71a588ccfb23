import { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify, type Outcome } from '@sensorium/core/client';

/**
 * The console's dialog frame: an open dialog with a title, a content area and an actions row. `alert` dialogs (the
 * editing ones) close only through their buttons; the others also close on Escape and a click outside.
 */
export function DialogShell(props: {
  label: string;
  title: ReactNode;
  alert?: boolean;
  surfaceClassName?: string;
  contentClassName?: string;
  actions: ReactNode;
  children: ReactNode;
  onClose(): void;
}) {
  return (
    <Dialog open modalType={props.alert ? 'alert' : 'modal'} onOpenChange={(_, data) => !data.open && props.onClose()}>
      <DialogSurface className={props.surfaceClassName} aria-label={props.label}>
        <DialogBody>
          <DialogTitle>{props.title}</DialogTitle>
          <DialogContent className={props.contentClassName}>{props.children}</DialogContent>
          <DialogActions>{props.actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * The Save of an editing dialog: runs the call (a store action), closes the dialog when it succeeds, and keeps it open
 * with 'Update failed!' and the server's message when it fails. Whether it runs is the store's request state.
 */
export function useDialogSave(run: () => Promise<Outcome<unknown>>, onClose: () => void): () => void {
  const { t } = useTranslation();
  const notify = useNotify();
  const save = async () => {
    const outcome = await run();
    if (outcome.ok) onClose();
    else notify({ intent: 'error', title: t('nodes.updateFailed'), body: outcome.failure.message ?? undefined });
  };
  return () => void save();
}
