import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Subtitle1,
  Subtitle2,
  Text,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DraftField } from '../store';
import { useProjectWizard } from '../use-project-wizard';
import { projectFormErrors, type FormField } from './project-form-errors';
import { useStepStyles } from './styles';
import { TemplateThumbnail } from './template-thumbnail';

const useStyles = makeStyles({
  // The template on the left and the form on the right; one column on a phone and for a sketch.
  columns: {
    display: 'grid',
    gap: tokens.spacingHorizontalXL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 260px), 1fr))',
  },
  single: { gridTemplateColumns: 'minmax(0, 1fr)' },
  template: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minWidth: 0 },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
});

/**
 * Project information (shell spec §2.7, §5): the template header and the About project form (project name, location
 * type, building name and address for a single location, end customer). Errors show once a field is touched; Create is
 * enabled only when the form is valid, and shows a spinner and Loading... while the project is created.
 */
export const ProjectInformationStep = observer(function ProjectInformationStep() {
  const { t } = useTranslation();
  const styles = useStyles();
  const step = useStepStyles();
  const wizard = useProjectWizard();
  const { draft } = wizard;
  const [touched, setTouched] = useState<Partial<Record<FormField, boolean>>>({});
  const errors = projectFormErrors(wizard.body);
  const valid = Object.keys(errors).length === 0;
  const submitting = wizard.submitState === 'submitting';
  // Once created (Back from testing) the form only shows what was sent.
  const locked = submitting || draft.projectId !== '';
  const errorOf = (field: FormField) => (touched[field] && errors[field] ? t(errors[field]) : undefined);
  const change = (field: DraftField, value: string) => {
    wizard.setField(field, value);
    if (field !== 'locationType') setTouched((current) => ({ ...current, [field]: true }));
  };
  const customerName = wizard.customers.find((customer) => customer.id === draft.endCustomerId)?.name ?? draft.endCustomerId;
  const fromTemplate = draft.startInfo === 'use-template';

  return (
    <div className={mergeClasses(styles.columns, !fromTemplate && styles.single)}>
      {fromTemplate && (
        <div className={styles.template}>
          <TemplateThumbnail name={draft.templateName} thumbnail={draft.templateThumbnail} />
          <Subtitle2>{draft.templateName}</Subtitle2>
          <Text size={200}>{draft.templateDescription || t('project-wizard.select.noDescription')}</Text>
        </div>
      )}
      <form
        className={styles.form}
        aria-label={t('project-wizard.info.title')}
        onSubmit={(event) => {
          event.preventDefault();
          if (valid && !submitting) void wizard.submit();
        }}
      >
        <Subtitle1 as="h3">{t('project-wizard.info.title')}</Subtitle1>
        <Field label={t('project-wizard.info.projectName')} required validationMessage={errorOf('projectName')}>
          <Input
            value={draft.projectName}
            disabled={locked}
            onChange={(_, data) => change('projectName', data.value)}
            onBlur={() => setTouched((current) => ({ ...current, projectName: true }))}
          />
        </Field>
        <Field label={t('project-wizard.info.locationType')}>
          <RadioGroup
            layout="horizontal"
            value={draft.locationType}
            disabled={locked}
            onChange={(_, data) => change('locationType', data.value)}
          >
            <Radio value="single" label={t('project-wizard.info.single')} />
            <Radio value="multiple" label={t('project-wizard.info.multiple')} />
          </RadioGroup>
        </Field>
        {draft.locationType === 'single' && (
          <>
            <Field label={t('project-wizard.info.buildingName')} required validationMessage={errorOf('buildingName')}>
              <Input
                value={draft.buildingName}
                disabled={locked}
                onChange={(_, data) => change('buildingName', data.value)}
                onBlur={() => setTouched((current) => ({ ...current, buildingName: true }))}
              />
            </Field>
            <Field label={t('project-wizard.info.address')} required validationMessage={errorOf('address')}>
              <Input
                value={draft.address}
                disabled={locked}
                onChange={(_, data) => change('address', data.value)}
                onBlur={() => setTouched((current) => ({ ...current, address: true }))}
              />
            </Field>
          </>
        )}
        <Field label={t('project-wizard.info.endCustomer')} required validationMessage={errorOf('endCustomerId')}>
          <Dropdown
            value={customerName}
            selectedOptions={[draft.endCustomerId]}
            disabled={locked}
            onOptionSelect={(_, data) => data.optionValue && change('endCustomerId', data.optionValue)}
          >
            {wizard.customers.map((customer) => (
              <Option key={customer.id} value={customer.id}>
                {customer.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        {wizard.submitState === 'error' && (
          <MessageBar intent="error">
            <MessageBarBody>{wizard.submitting.failure?.message ?? t('project-wizard.info.failed')}</MessageBarBody>
          </MessageBar>
        )}
        <div className={step.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!valid || submitting}
            icon={submitting ? <Spinner size="tiny" /> : undefined}
          >
            {submitting ? t('project-wizard.info.loading') : t('project-wizard.info.create')}
          </Button>
        </div>
      </form>
    </div>
  );
});
