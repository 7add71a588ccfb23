import { Button, SearchBox, Subtitle1, Title3 } from '@fluentui/react-components';
import type { ReactElement, ReactNode } from 'react';
import { usePageStyles } from './page-styles';

/** A page title (h1) or section title (h2) with its actions (e.g. an Add button) on the right. */
export function PageHeader(props: { title: ReactNode; level?: 1 | 2; children?: ReactNode }) {
  const layout = usePageStyles();
  return (
    <div className={layout.titleBar}>
      {props.level === 2 ? <Subtitle1 as="h2">{props.title}</Subtitle1> : <Title3 as="h1">{props.title}</Title3>}
      {props.children}
    </div>
  );
}

/** The toolbar above a list: a search box (labelled, with a placeholder) and any further controls. */
export function SearchToolbar(props: {
  label: string;
  placeholder?: string;
  value: string;
  onChange(value: string): void;
  children?: ReactNode;
}) {
  const layout = usePageStyles();
  return (
    <div className={layout.toolbar}>
      <SearchBox
        className={layout.search}
        aria-label={props.label}
        placeholder={props.placeholder ?? props.label}
        value={props.value}
        onChange={(_, data) => props.onChange(data.value)}
      />
      {props.children}
    </div>
  );
}

/** An icon-only action in a table row, named "<action> <target>" for screen readers and titled with the action. */
export function RowAction(props: { icon: ReactElement; label: string; target: string; disabled?: boolean; onClick(): void }) {
  return (
    <Button
      appearance="subtle"
      icon={props.icon}
      aria-label={`${props.label} ${props.target}`}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    />
  );
}
