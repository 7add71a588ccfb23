import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A small confirmation dialog (instead of window.confirm): a title, a message, optional extra content such as an input,
 * and Cancel / confirm buttons. The caller renders it while open and decides in onConfirm whether it closes.
 */
export function ConfirmDialog(props: {
  title: string;
  message: string;
  confirmLabel?: string;
  children?: ReactNode;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && props.onCancel()}>
      <DialogSurface>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onConfirm();
          }}
        >
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent>
              <Text block>{props.message}</Text>
              {props.children}
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onCancel}>{t('applications.confirm.cancel')}</Button>
              <Button type="submit" appearance="primary" disabled={props.busy}>
                {props.confirmLabel ?? t('applications.confirm.yes')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
