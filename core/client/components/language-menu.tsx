import {
  Menu,
  MenuButton,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  type MenuButtonProps,
} from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LICENCES, type Language } from '@sensorium/core/common';
import { useLicence, useRootStore } from '../context';

const useStyles = makeStyles({
  button: { minWidth: 'auto' },
  // Narrow screens show the icon alone.
  label: { '@media (max-width: 767px)': { display: 'none' } },
});

/**
 * The language dropdown (English, 繁體中文, 简体中文), shown only with the multi-language licence.
 * The current language is checked and disabled.
 */
export const LanguageMenu = observer(function LanguageMenu({ appearance = 'subtle' }: Pick<MenuButtonProps, 'appearance'>) {
  const styles = useStyles();
  const { t } = useTranslation();
  const { ui } = useRootStore();
  const licensed = useLicence(LICENCES.multiLanguage);
  if (!licensed) return null;
  return (
    <Menu
      checkedValues={{ language: [ui.language] }}
      onCheckedValueChange={(_event, data) => {
        const [language] = data.checkedItems;
        if (language) ui.setLanguage(language as Language);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuButton
          className={styles.button}
          appearance={appearance}
          icon={<LocalLanguageRegular />}
          aria-label={t('core.client.language.label')}
        >
          <span className={styles.label}>{t(`core.client.language.${ui.language}`)}</span>
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LANGUAGES.map((language) => (
            <MenuItemRadio key={language} name="language" value={language} disabled={language === ui.language}>
              {t(`core.client.language.${language}`)}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
