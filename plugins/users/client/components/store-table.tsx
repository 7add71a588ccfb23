import { observer } from 'mobx-react-lite';
import { DataTable } from '@sensorium/core/client';

/**
 * The console's table as an observer: its cells read the store's rows while it renders, so a row changed by a reload
 * (a user disabled, a tag added) re-renders the table even when the page around it does not.
 */
export const StoreTable = observer(DataTable) as typeof DataTable;
