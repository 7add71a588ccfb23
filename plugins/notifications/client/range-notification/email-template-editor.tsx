import { Button, makeStyles, tokens, Toolbar, Tooltip } from '@fluentui/react-components';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { AutoLinkNode, LinkNode } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { EditorRefPlugin } from '@lexical/react/LexicalEditorRefPlugin';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  FORMAT_TEXT_COMMAND,
  type LexicalCommand,
  type LexicalEditor,
} from 'lexical';
import { forwardRef, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeEmailHtml } from './email-html';

const useStyles = makeStyles({
  editor: {
    minHeight: '140px',
    maxHeight: '320px',
    overflowY: 'auto',
    padding: tokens.spacingHorizontalS,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorBrandStroke1}` },
  },
});

export interface EmailTemplateEditorHandle {
  /** Inserts text at the caret (at the end when the editor has had no caret). */
  insertText(text: string): void;
}

export interface EmailTemplateEditorProps {
  /** The template as HTML; read once, when the editor opens. */
  value: string;
  onChange(html: string): void;
  label: string;
}

/** Loads the stored (sanitised) HTML into the empty editor. */
function initialContent(html: string) {
  return (editor: LexicalEditor) => {
    const dom = new DOMParser().parseFromString(sanitizeEmailHtml(html), 'text/html');
    const root = $getRoot();
    root.clear();
    root.select();
    $insertNodes($generateNodesFromDOM(editor, dom));
  };
}

function ToolbarButton(props: { label: string; command: () => void; children: ReactNode }) {
  return (
    <Tooltip content={props.label} relationship="label">
      {/* The mouse down would take the focus, and the selection, from the editor. */}
      <Button size="small" appearance="subtle" onMouseDown={(event) => event.preventDefault()} onClick={props.command}>
        {props.children}
      </Button>
    </Tooltip>
  );
}

function FormatToolbar(props: { label: string }) {
  const { t } = useTranslation();
  const [editor] = useLexicalComposerContext();
  const run =
    <P,>(command: LexicalCommand<P>, payload: P) =>
    () => {
      editor.focus();
      editor.dispatchCommand(command, payload);
    };
  return (
    <Toolbar size="small" aria-label={props.label}>
      <ToolbarButton label={t('notifications.rangeNotification.bold')} command={run(FORMAT_TEXT_COMMAND, 'bold')}>
        <b>B</b>
      </ToolbarButton>
      <ToolbarButton label={t('notifications.rangeNotification.italic')} command={run(FORMAT_TEXT_COMMAND, 'italic')}>
        <i>I</i>
      </ToolbarButton>
      <ToolbarButton
        label={t('notifications.rangeNotification.bulletList')}
        command={run(INSERT_UNORDERED_LIST_COMMAND, undefined)}
      >
        •
      </ToolbarButton>
      <ToolbarButton
        label={t('notifications.rangeNotification.numberedList')}
        command={run(INSERT_ORDERED_LIST_COMMAND, undefined)}
      >
        1.
      </ToolbarButton>
    </Toolbar>
  );
}

/**
 * The e-mail template's rich-text editor (spec 2.7) on Lexical: bold, italic, bulleted and numbered lists, links kept,
 * undo and redo. It reports its content as HTML sanitised with DOMPurify. Loaded lazily by the Notification Setting
 * dialog, so Lexical adds nothing to the console until the dialog opens.
 */
const EmailTemplateEditor = forwardRef<EmailTemplateEditorHandle, EmailTemplateEditorProps>(
  function EmailTemplateEditor(props, ref) {
    const styles = useStyles();
    const editor = useRef<LexicalEditor | null>(null);
    const { onChange } = props;
    // The composer reads its configuration once; the value is the dialog's starting copy.
    const [config] = useState<InitialConfigType>(() => ({
      namespace: 'email-template',
      nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode],
      editorState: initialContent(props.value),
      onError: (error) => {
        throw error;
      },
    }));

    useImperativeHandle(ref, () => ({
      insertText(text: string) {
        editor.current?.update(() => {
          let selection = $getSelection();
          if (!$isRangeSelection(selection)) {
            const root = $getRoot();
            if (root.getChildrenSize() === 0) root.append($createParagraphNode());
            root.selectEnd();
            selection = $getSelection();
          }
          if ($isRangeSelection(selection)) selection.insertText(text);
        });
      },
    }));

    return (
      <LexicalComposer initialConfig={config}>
        <FormatToolbar label={props.label} />
        <RichTextPlugin
          contentEditable={<ContentEditable className={styles.editor} aria-label={props.label} aria-multiline role="textbox" />}
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin />
        <EditorRefPlugin editorRef={editor} />
        <OnChangePlugin
          ignoreSelectionChange
          onChange={(state, current) => state.read(() => onChange(sanitizeEmailHtml($generateHtmlFromNodes(current))))}
        />
      </LexicalComposer>
    );
  },
);

export default EmailTemplateEditor;
