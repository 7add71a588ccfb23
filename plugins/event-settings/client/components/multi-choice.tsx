import { Combobox, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';

/** Several values chosen from a list (device types, groups, devices); values no longer offered stay chosen. */
export function MultiChoice(props: {
  label: string;
  options: readonly { value: string; text: string }[];
  selected: readonly string[];
  disabled?: boolean;
  validationMessage?: string;
  onChange(selected: string[]): void;
}) {
  const { t } = useTranslation();
  const offered = new Set(props.options.map((option) => option.value));
  const options = [
    ...props.options,
    ...props.selected.filter((value) => !offered.has(value)).map((value) => ({ value, text: value })),
  ];
  const textOf = (value: string) => options.find((option) => option.value === value)?.text ?? value;
  return (
    <Field label={props.label} validationMessage={props.validationMessage}>
      <Combobox
        multiselect
        disabled={props.disabled}
        placeholder={t('event-settings.conditions.choose')}
        value={props.selected.map(textOf).join(', ')}
        selectedOptions={[...props.selected]}
        onOptionSelect={(_, data) => props.onChange(data.selectedOptions)}
      >
        {options.map((option) => (
          <Option key={option.value} value={option.value}>
            {option.text}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
