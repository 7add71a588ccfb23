import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** A list that could not be loaded says so and offers Retry, rather than looking empty. */
export function ListLoadFailure(props: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{t('applications.loadFailed')}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={props.onRetry}>{t('applications.retry')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
