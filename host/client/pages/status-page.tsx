import { Body1, Card, Title1, makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { CompanyLogo } from '@sensorium/core/client';

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalL,
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '100%',
    maxWidth: '440px',
    padding: '32px',
    rowGap: tokens.spacingVerticalL,
    alignItems: 'center',
    textAlign: 'center',
  },
  code: { fontSize: '64px', lineHeight: '64px', fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  title: { margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, justifyContent: 'center', flexWrap: 'wrap' },
});

/** A full-page message with a status code, e.g. the 403 and 404 pages (spec §2.1). */
export function StatusPage(props: { code: string; title: string; message: string; actions: ReactNode }) {
  const styles = useStyles();
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <CompanyLogo />
        <div className={styles.code} aria-hidden>
          {props.code}
        </div>
        <Title1 as="h1" className={styles.title}>
          {props.title}
        </Title1>
        <Body1>{props.message}</Body1>
        <div className={styles.actions}>{props.actions}</div>
      </Card>
    </main>
  );
}
