import {
  Body1,
  Button,
  Caption1,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Subtitle2,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SampleSource } from '../../common/inputs';
import type { AdapterEditorStoreInstance } from '../store';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  field: { flex: '1 1 160px', minWidth: 0 },
  payload: { fontFamily: tokens.fontFamilyMonospace },
  pre: {
    margin: 0,
    padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    maxHeight: '240px',
    overflowY: 'auto',
  },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** The sample payload, the Test button and what the server's sandbox answered: fields, output, logs, helper calls, error. */
function TestPanel({ store }: { store: AdapterEditorStoreInstance }) {
  const styles = useStyles();
  const { t } = useTranslation();
  const result = store.testResult;
  return (
    <section className={styles.panel} aria-label={t('adapters.result')}>
      <div className={styles.row}>
        <Field className={styles.field} label={t('adapters.function')}>
          <Select value={store.fn} onChange={(_event, data) => store.setFn(data.value as 'decode' | 'encode')}>
            <option value="decode">decode</option>
            <option value="encode">encode</option>
          </Select>
        </Field>
        <Field className={styles.field} label={t('adapters.sampleSource')}>
          <Select value={store.sampleSource} onChange={(_event, data) => store.setSampleSource(data.value as SampleSource)}>
            <option value="chirpstack">{t('adapters.sourceChirpstack')}</option>
            <option value="ttn">{t('adapters.sourceTtn')}</option>
            <option value="json">{t('adapters.sourceJson')}</option>
          </Select>
        </Field>
        <Button appearance="primary" disabled={!store.appId || store.testing.pending} onClick={() => void store.test()}>
          {t('adapters.test')}
        </Button>
      </div>
      <Field label={t('adapters.payload')} validationMessage={store.testing.fieldError('payload')}>
        <Textarea
          className={styles.payload}
          value={store.payload}
          rows={6}
          resize="vertical"
          onChange={(_event, data) => store.setPayload(data.value)}
        />
      </Field>
      {store.testing.failure && !store.testing.fieldError('payload') && (
        <MessageBar intent="error">
          <MessageBarBody>{store.testing.failure.message ?? t('adapters.testFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {result && (
        <>
          <Subtitle2 as="h2">
            {t('adapters.result')} <Caption1>{t('adapters.duration', { ms: result.durationMs })}</Caption1>
          </Subtitle2>
          {result.error && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>
                {result.error.line
                  ? t('adapters.errorAt', { line: result.error.line, message: result.error.message })
                  : result.error.message}
              </MessageBarBody>
            </MessageBar>
          )}
          {!result.error && store.fn === 'decode' && (
            <div>
              <Body1 as="h3">{t('adapters.fields')}</Body1>
              {result.fields.length === 0 ? (
                <Caption1>{t('adapters.noFields')}</Caption1>
              ) : (
                <ul className={styles.list} aria-label={t('adapters.fields')}>
                  {result.fields.map((field) => (
                    <li key={field.name}>
                      <code>
                        {field.name}: {field.value}
                      </code>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {!result.error && store.fn === 'encode' && (
            <div>
              <Body1 as="h3">{t('adapters.output')}</Body1>
              <pre className={styles.pre}>{result.output}</pre>
            </div>
          )}
          {result.helperCalls.length > 0 && (
            <div>
              <Body1 as="h3">{t('adapters.helperCalls')}</Body1>
              <ul className={styles.list}>
                {result.helperCalls.map((call, index) => (
                  <li key={index}>{call}</li>
                ))}
              </ul>
            </div>
          )}
          <div>
            <Body1 as="h3">{t('adapters.logs')}</Body1>
            {result.logs.length === 0 ? (
              <Caption1>{t('adapters.noLogs')}</Caption1>
            ) : (
              <pre className={styles.pre} aria-label={t('adapters.logs')}>
                {result.logs.join('\n')}
              </pre>
            )}
            {result.logsTruncated && <Caption1>{t('adapters.logsTruncated')}</Caption1>}
          </div>
        </>
      )}
    </section>
  );
}

export default observer(TestPanel);
