import { DiffEditor, Editor, type OnMount } from '@monaco-editor/react';
import {
  Body1,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify, usePluginStore } from '@sensorium/core/client';
import { configureMonaco } from './editor/monaco-setup';
import TargetPicker from './editor/target-picker';
import TestPanel from './editor/test-panel';
import VersionList from './editor/version-list';
import type { AdapterEditorStore } from './store';

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    maxWidth: '1200px',
    minWidth: 0,
    boxSizing: 'border-box',
  },
  columns: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXL },
  editorColumn: { flex: '2 1 480px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sideColumn: { flex: '1 1 300px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  editor: { border: `1px solid ${tokens.colorNeutralStroke1}`, minWidth: 0 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
});

const EDITOR_OPTIONS = {
  minimap: { enabled: false },
  fontSize: 13,
  scrollBeyondLastLine: false,
  automaticLayout: true,
  tabSize: 2,
} as const;

/** Advance Setting > Adapter Editor (shell spec §2.10): a device's or device profile's adapter script. */
function AdapterEditorPage() {
  // Before the editors below mount: they load the Monaco it configures.
  configureMonaco();
  const styles = useStyles();
  const { t } = useTranslation();
  const notify = useNotify();
  const store = usePluginStore<typeof AdapterEditorStore>('adapterEditor');
  const [compared, setCompared] = useState<number | null>(null);
  const editorRef = useRef<Parameters<OnMount>[0] | null>(null);

  useEffect(() => {
    void store.loadApplications();
  }, [store]);

  // The test run's error line, marked in the editor as well.
  const error = store.testResult?.error ?? null;
  useEffect(() => {
    const model = editorRef.current?.getModel();
    if (!model) return;
    const monaco = configureMonaco();
    monaco.editor.setModelMarkers(
      model,
      'adapters',
      error?.line
        ? [
            {
              severity: monaco.MarkerSeverity.Error,
              message: error.message,
              startLineNumber: error.line,
              endLineNumber: error.line,
              startColumn: error.column ?? 1,
              endColumn: model.getLineMaxColumn(Math.min(error.line, model.getLineCount())),
            },
          ]
        : [],
    );
  }, [error]);

  const chosen = store.targetId !== '';
  const comparedVersion = compared === null ? undefined : store.version(compared);

  const save = async () => {
    if (await store.save()) notify({ intent: 'success', title: t('adapters.saved', { version: store.currentVersion }) });
  };
  const rollback = async (version: number) => {
    setCompared(null);
    if (await store.rollback(version)) {
      notify({ intent: 'success', title: t('adapters.rolledBack', { version, current: store.currentVersion }) });
    } else {
      notify({ intent: 'error', title: t('adapters.rollbackFailed'), body: store.saving.failure?.message ?? undefined });
    }
  };
  const remove = async () => {
    if (await store.remove()) notify({ intent: 'success', title: t('adapters.removed') });
    else notify({ intent: 'error', title: t('adapters.removeFailed'), body: store.saving.failure?.message ?? undefined });
  };

  return (
    <section className={styles.page}>
      <Title2 as="h1">{t('adapters.title')}</Title2>
      <Body1>{t('adapters.intro')}</Body1>
      <TargetPicker store={store} />
      {store.loadingScript.failure && (
        <MessageBar intent="error">
          <MessageBarBody>{store.loadingScript.failure.message ?? t('adapters.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.columns}>
        <div className={styles.editorColumn}>
          <Subtitle2 as="h2">{t('adapters.editorLabel')}</Subtitle2>
          <div className={styles.editor} role="group" aria-label={t('adapters.editorLabel')}>
            <Editor
              height="360px"
              language="javascript"
              value={store.draft}
              onChange={(value) => store.setDraft(value ?? '')}
              onMount={(editor) => {
                editorRef.current = editor;
              }}
              options={EDITOR_OPTIONS}
              loading={<Spinner size="small" label={t('adapters.loadingEditor')} />}
            />
          </div>
          {store.saving.failure && (
            <MessageBar intent="error" role="alert">
              <MessageBarBody>{store.saving.failure.message ?? t('adapters.saveFailed')}</MessageBarBody>
            </MessageBar>
          )}
          <div className={styles.actions}>
            <Button appearance="primary" disabled={!chosen || store.saving.pending || !store.dirty} onClick={() => void save()}>
              {t('adapters.save')}
            </Button>
            {store.currentVersion > 0 && (
              <Button disabled={store.saving.pending} onClick={() => void remove()}>
                {t('adapters.remove')}
              </Button>
            )}
          </div>
          {comparedVersion && (
            <section aria-label={t('adapters.diffTitle', { version: comparedVersion.version })}>
              <Subtitle2 as="h2">{t('adapters.diffTitle', { version: comparedVersion.version })}</Subtitle2>
              <div className={styles.editor}>
                <DiffEditor
                  height="300px"
                  language="javascript"
                  original={comparedVersion.source}
                  modified={store.savedSource}
                  options={{ ...EDITOR_OPTIONS, readOnly: true, renderSideBySide: true }}
                  loading={<Spinner size="small" label={t('adapters.loadingEditor')} />}
                />
              </div>
              <Button onClick={() => setCompared(null)}>{t('adapters.closeDiff')}</Button>
            </section>
          )}
        </div>
        <div className={styles.sideColumn}>
          <TestPanel store={store} />
          {chosen && <VersionList store={store} onCompare={setCompared} onRollback={(version) => void rollback(version)} />}
        </div>
      </div>
    </section>
  );
}

export default observer(AdapterEditorPage);
