import { Button, makeStyles, tokens, Toolbar, Tooltip } from '@fluentui/react-components';
import DOMPurify from 'dompurify';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** What the e-mail template may hold: text formatting, lists, links and line breaks. */
const ALLOWED = {
  ALLOWED_TAGS: ['b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'p', 'div', 'br', 'span', 'a'],
  ALLOWED_ATTR: ['href'],
};

export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, ALLOWED);
}

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

export interface RichTextEditorHandle {
  /** Inserts text at the caret (or at the end when the editor has no caret). */
  insertText(text: string): void;
}

/**
 * A small rich-text editor for the e-mail template (spec 2.7): a contentEditable box with bold, italic and lists. What
 * it reports is sanitised with DOMPurify.
 */
export const RichTextEditor = forwardRef<RichTextEditorHandle, { value: string; onChange(html: string): void; label: string }>(
  function RichTextEditor(props, ref) {
    const styles = useStyles();
    const { t } = useTranslation();
    const box = useRef<HTMLDivElement>(null);
    const { value, onChange } = props;

    // Only write the DOM when the value differs from it (typing must not move the caret).
    useEffect(() => {
      const element = box.current;
      if (element && sanitizeHtml(element.innerHTML) !== value) element.innerHTML = sanitizeHtml(value);
    }, [value]);

    const report = () => {
      if (box.current) onChange(sanitizeHtml(box.current.innerHTML));
    };
    const command = (name: string) => {
      box.current?.focus();
      document.execCommand(name);
      report();
    };

    useImperativeHandle(ref, () => ({
      insertText(text: string) {
        const element = box.current;
        if (!element) return;
        const selection = window.getSelection();
        if (selection && selection.rangeCount > 0 && element.contains(selection.anchorNode)) {
          document.execCommand('insertText', false, text);
        } else {
          element.append(document.createTextNode(text));
        }
        report();
      },
    }));

    return (
      <div>
        <Toolbar size="small" aria-label={props.label}>
          <Tooltip content={t('nodes.notify.bold')} relationship="label">
            <Button
              size="small"
              appearance="subtle"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command('bold')}
            >
              <b>B</b>
            </Button>
          </Tooltip>
          <Tooltip content={t('nodes.notify.italic')} relationship="label">
            <Button
              size="small"
              appearance="subtle"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command('italic')}
            >
              <i>I</i>
            </Button>
          </Tooltip>
          <Tooltip content={t('nodes.notify.bulletList')} relationship="label">
            <Button
              size="small"
              appearance="subtle"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command('insertUnorderedList')}
            >
              •
            </Button>
          </Tooltip>
          <Tooltip content={t('nodes.notify.numberedList')} relationship="label">
            <Button
              size="small"
              appearance="subtle"
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => command('insertOrderedList')}
            >
              1.
            </Button>
          </Tooltip>
        </Toolbar>
        <div
          ref={box}
          className={styles.editor}
          role="textbox"
          aria-multiline="true"
          aria-label={props.label}
          contentEditable
          suppressContentEditableWarning
          onInput={report}
          onBlur={report}
        />
      </div>
    );
  },
);
