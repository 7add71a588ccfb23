import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Button,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_VARIABLES } from '../../common';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS },
  token: { fontFamily: tokens.fontFamilyMonospace },
});

/**
 * The template variables of spec 2.7 / 2.9 in a collapsible tip. With `onInsert`, each is a button that inserts its
 * token into the template being edited.
 */
export function TemplateVariablesTip(props: { onInsert?(token: string): void }) {
  const styles = useStyles();
  const { t } = useTranslation();
  return (
    <Accordion collapsible>
      <AccordionItem value="variables">
        <AccordionHeader size="small">{t('nodes.notify.variables')}</AccordionHeader>
        <AccordionPanel>
          <div className={styles.list}>
            {TEMPLATE_VARIABLES.map((variable) => {
              const label = (
                <>
                  {t(`nodes.notify.variable.${variable.key}`)}: <span className={styles.token}>{variable.token}</span>
                </>
              );
              return props.onInsert ? (
                <Button key={variable.key} size="small" appearance="subtle" onClick={() => props.onInsert?.(variable.token)}>
                  {label}
                </Button>
              ) : (
                <Text key={variable.key} size={200}>
                  {label}
                </Text>
              );
            })}
          </div>
        </AccordionPanel>
      </AccordionItem>
    </Accordion>
  );
}
