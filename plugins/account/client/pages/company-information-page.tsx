import {
  Body1,
  Caption1,
  Dropdown,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Option,
  Select,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AccountLayout } from '../components/account-layout';
import { SubmitButton } from '../components/form-parts';
import { useFormStyles } from '../components/form-styles';
import { useFailureText } from '../components/hooks';
import { COMPANY_ROLES, COMPANY_SIZES, isCompanyInfoComplete, type CompanyInfo } from '../lib/company';
import { readCompanyInfoDraft, readVerifiedSignup, saveCompanyInfoDraft } from '../lib/session-keys';
import { useAccountStore } from '../stores';

const useStyles = makeStyles({
  option: { display: 'flex', flexDirection: 'column', paddingBlock: tokens.spacingVerticalXXS },
  description: { color: tokens.colorNeutralForeground3 },
});

/**
 * Company information (accounts spec §2, §5, §8): role (name and description), size and company name for the
 * verified e-mail held in session storage; Confirm creates the account and opens the Account Created page.
 */
const CompanyInformationPage = observer(function CompanyInformationPage() {
  const styles = useFormStyles();
  const local = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const company = useAccountStore().company;
  const failureText = useFailureText();

  // Read once: the welcome line keeps the address the page opened with.
  const email = useMemo(() => readVerifiedSignup()?.email ?? null, []);
  const [info, setInfo] = useState<CompanyInfo>(() => {
    const draft = readCompanyInfoDraft();
    return { companyRole: draft.companyRole ?? '', companySize: draft.companySize ?? '', companyName: draft.companyName ?? '' };
  });
  // Confirm stays disabled until every field is filled, so the reminder shows once the user has started typing.
  const [touched, setTouched] = useState(false);
  const loading = company.request.pending;
  const error = company.error ? failureText(company.error) : null;

  useEffect(() => company.reset(), [company]);

  // The route's sign-up guard already requires verifiedEmail; this covers the tab losing it or its proof meanwhile.
  useEffect(() => {
    if (!email) void navigate('/auth/sign-up', { replace: true });
  }, [email, navigate]);

  const update = (change: Partial<CompanyInfo>) => {
    setTouched(true);
    setInfo((current) => {
      const next = { ...current, ...change };
      saveCompanyInfoDraft(next);
      return next;
    });
  };

  const complete = isCompanyInfoComplete(info);
  const roleName = (role: string) => t(`account.company.roles.${role}.name`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    setTouched(true);
    if (!complete) {
      company.reset();
      return;
    }
    const result = await company.submit(info);
    if (result === 'no-email') await navigate('/auth/sign-up');
    else if (result === 'created') await navigate('/auth/redirect-login', { replace: true });
  };

  return (
    <AccountLayout back="history" wide>
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.intro}>
          <Title2 as="h1">{t('account.company.title')}</Title2>
          <Body1>{t('account.company.welcome', { email: email ?? '' })}</Body1>
          <Body1 className={styles.subtitle}>{t('account.company.instruction')}</Body1>
        </div>
        {error && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {touched && !complete && (
          <MessageBar intent="warning">
            <MessageBarBody>{t('account.company.required')}</MessageBarBody>
          </MessageBar>
        )}
        <Field label={t('account.company.role')} required>
          <Dropdown
            placeholder={t('account.company.rolePlaceholder')}
            value={info.companyRole ? roleName(info.companyRole) : ''}
            selectedOptions={info.companyRole ? [info.companyRole] : []}
            onOptionSelect={(_event, data) => update({ companyRole: data.optionValue ?? '' })}
          >
            {COMPANY_ROLES.map((role) => (
              <Option key={role} value={role} text={roleName(role)}>
                <span className={local.option}>
                  <span>{roleName(role)}</span>
                  <Caption1 className={local.description}>{t(`account.company.roles.${role}.description`)}</Caption1>
                </span>
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('account.company.size')} required>
          <Select value={info.companySize} onChange={(_event, data) => update({ companySize: data.value })}>
            <option value="" disabled>
              {t('account.company.sizePlaceholder')}
            </option>
            {COMPANY_SIZES.map((size) => (
              <option key={size} value={size}>
                {t(`account.company.sizes.${size}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('account.company.companyName')} required>
          <Input
            value={info.companyName}
            autoComplete="organization"
            onChange={(_event, data) => update({ companyName: data.value })}
          />
        </Field>
        <SubmitButton
          busy={loading}
          disabled={!complete || loading}
          label={t('account.company.confirm')}
          busyLabel={t('account.company.creating')}
        />
      </form>
    </AccountLayout>
  );
});

export default CompanyInformationPage;
