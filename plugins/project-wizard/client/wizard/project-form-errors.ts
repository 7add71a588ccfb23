import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { NewProjectInput } from '../../common';

export type FormField = 'projectName' | 'buildingName' | 'address' | 'endCustomerId';

/**
 * The first problem of each form field as an i18n key (shell spec §5 Project information): the model's own message
 * (Project name is required. …), else core's `validation.<rule>`.
 */
export function projectFormErrors(input: NewProjectInput): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  for (const error of validateSync(plainToInstance(NewProjectInput, input))) {
    const field = error.property as FormField;
    if (!['projectName', 'buildingName', 'address', 'endCustomerId'].includes(field)) continue;
    const constraints = Object.entries(error.constraints ?? {});
    const [rule, message] = constraints.find(([, text]) => text.startsWith('project-wizard.')) ?? constraints[0] ?? [];
    if (rule) errors[field] = message?.startsWith('project-wizard.') ? message : `validation.${rule}`;
  }
  return errors;
}
