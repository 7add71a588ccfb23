import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A confirmation modal: title, content and Cancel / confirm; the confirm button is disabled while `busy` or `invalid`. */
export function ConfirmDialog(props: {
  title: string;
  confirmLabel: string;
  children: ReactNode;
  busy?: boolean;
  invalid?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && !props.busy && props.onCancel()}>
      <DialogSurface aria-label={props.title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!props.busy && !props.invalid) props.onConfirm();
          }}
        >
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent>{props.children}</DialogContent>
            <DialogActions>
              <Button onClick={props.onCancel} disabled={props.busy}>
                {t('backups.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={props.busy || props.invalid}>
                {props.confirmLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
