import { Dropdown, Option } from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useHttp } from '@sensorium/core/client';
import type { DepartmentsDropdownProps } from '../../common';
import { ContactsStore } from './store';

/**
 * A multi-select of departments: the contacts' ones (`known`, a store's list: read here, so an observer), then chosen
 * ones no contact has any more, so that they can be taken out.
 */
export const DepartmentsChoice = observer(function DepartmentsChoice({
  known,
  value,
  onChange,
}: Omit<DepartmentsDropdownProps, 'appId'> & { known: readonly string[] }) {
  const offered = [...known, ...value.filter((name) => !known.includes(name))];
  return (
    <Dropdown
      multiselect
      selectedOptions={[...value]}
      value={value.join(', ')}
      onOptionSelect={(_, data) => onChange(data.selectedOptions)}
    >
      {offered.map((name) => (
        <Option key={name} value={name}>
          {name}
        </Option>
      ))}
    </Dropdown>
  );
});

/** ContactDepartmentsToken's multi-select: the application's contacts' departments, read when it opens. */
export const DepartmentsDropdown = observer(function DepartmentsDropdown({ appId, ...choice }: DepartmentsDropdownProps) {
  const http = useHttp();
  const [contacts] = useState(() => ContactsStore.create({}, { http }));
  useEffect(() => {
    void contacts.openDepartments(appId);
    return () => contacts.cancel();
  }, [contacts, appId]);
  return <DepartmentsChoice known={contacts.departments} {...choice} />;
});
