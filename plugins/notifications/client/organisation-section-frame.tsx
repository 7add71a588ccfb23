import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@sensorium/core/client';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
});

export interface OrganisationSectionFrameProps {
  /** The section's text namespace: its `title`, `intro`, `loadFailed` and `retry` keys. */
  texts: string;
  pending: boolean;
  loaded: boolean;
  failure: string | null | undefined;
  retry(): void;
  /** The section's body, rendered only once its answer has loaded (it may read the answer). */
  children: () => ReactNode;
}

/**
 * The frame the notifications plugin's Organisation Settings sections share: a spinner until the first answer, then the
 * title and intro, and either the body or the load failure with Retry.
 */
export function OrganisationSectionFrame({ texts, pending, loaded, failure, retry, children }: OrganisationSectionFrameProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const title = t(`${texts}.title`);
  if (pending && !loaded) return <Spinner size="small" label={title} />;
  return (
    <section className={styles.section} aria-label={title}>
      <PageHeader level={2} title={title} />
      <Text>{t(`${texts}.intro`)}</Text>
      {loaded ? (
        children()
      ) : (
        <>
          <Text role="alert">{failure ?? t(`${texts}.loadFailed`)}</Text>
          <div>
            <Button onClick={retry}>{t(`${texts}.retry`)}</Button>
          </div>
        </>
      )}
    </section>
  );
}
