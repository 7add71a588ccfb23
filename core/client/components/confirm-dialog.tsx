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
 * The console's confirmation modal (instead of window.confirm): a title, an optional message and content such as an
 * input, and Cancel / confirm. The caller renders it while open and decides in onConfirm whether it closes. The backdrop
 * does not close it; confirm is disabled while `busy` or `invalid`.
 */
export function ConfirmDialog(props: {
  title: string;
  message?: string;
  confirmLabel?: string;
  children?: ReactNode;
  busy?: boolean;
  invalid?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const blocked = props.busy === true || props.invalid === true;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && !props.busy && props.onCancel()}>
      <DialogSurface aria-label={props.title}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!blocked) props.onConfirm();
          }}
        >
          <DialogBody>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogContent>
              {props.message && <Text block>{props.message}</Text>}
              {props.children}
            </DialogContent>
            <DialogActions>
              <Button onClick={props.onCancel} disabled={props.busy}>
                {t('core.client.confirm.cancel')}
              </Button>
              <Button type="submit" appearance="primary" disabled={blocked}>
                {props.confirmLabel ?? t('core.client.confirm.yes')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
