import { Badge, Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';

/**
 * A page of settings edited one at a time (event rules, timer missions): the list beside the editor on wide screens, on
 * a phone one of them at a time. `collapsed` narrows the list's column to its toggle.
 */
export const useListEditorStyles = makeStyles({
  columns: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXXL,
    '@media (min-width: 900px)': { gridTemplateColumns: 'minmax(200px, 280px) minmax(0, 1fr)' },
  },
  collapsed: { '@media (min-width: 900px)': { gridTemplateColumns: 'auto minmax(0, 1fr)' } },
  wideOnly: { '@media (max-width: 899px)': { display: 'none' } },
  narrowOnly: { '@media (min-width: 900px)': { display: 'none' } },
  side: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
});

/** Why the list could not load: `noPermission` for a 403, else the server's message or `fallback`. */
export function LoadFailureBar(props: {
  failure: { status: number | null; message: string | null };
  noPermission: string;
  fallback: string;
}) {
  const { failure } = props;
  return (
    <MessageBar intent="error">
      <MessageBarBody>{failure.status === 403 ? props.noPermission : (failure.message ?? props.fallback)}</MessageBarBody>
    </MessageBar>
  );
}

const useListStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, listStyle: 'none' },
  item: { width: '100%', justifyContent: 'flex-start', textAlign: 'start', minWidth: 0 },
});

interface SettingsListProps<T extends { id: string }> {
  label: string;
  createLabel: string;
  empty: string;
  items: readonly T[];
  selectedId: string | null | undefined;
  createDisabled: boolean;
  /** Whether an item cannot be chosen (e.g. while another is being edited). */
  itemDisabled?(item: T): boolean;
  onCreate(): void;
  onSelect(id: string): void;
  render(item: T): ReactNode;
}

function SettingsListView<T extends { id: string }>(props: SettingsListProps<T>) {
  const styles = useListStyles();
  return (
    <nav aria-label={props.label}>
      <Button appearance="primary" icon={<AddRegular />} disabled={props.createDisabled} onClick={props.onCreate}>
        {props.createLabel}
      </Button>
      {props.items.length === 0 ? (
        <Text block>{props.empty}</Text>
      ) : (
        <ul className={styles.list}>
          {props.items.map((item) => (
            <li key={item.id}>
              <Button
                className={styles.item}
                appearance={item.id === props.selectedId ? 'secondary' : 'subtle'}
                aria-current={item.id === props.selectedId ? 'true' : undefined}
                disabled={props.itemDisabled?.(item)}
                onClick={() => props.onSelect(item.id)}
              >
                {props.render(item)}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}

/**
 * The list of a list+editor page: Create New, then a button per item (the chosen one marked current), or `empty`.
 * `render` gives an item's content inside its button. An observer, so it follows the store's items itself.
 */
export const SettingsList = observer(SettingsListView) as <T extends { id: string }>(
  props: SettingsListProps<T>,
) => ReturnType<typeof SettingsListView>;

/** The outlined "Disabled" badge of a switched-off item. */
export function DisabledBadge(props: { label: string }) {
  return (
    <Badge appearance="outline" color="subtle">
      {props.label}
    </Badge>
  );
}
