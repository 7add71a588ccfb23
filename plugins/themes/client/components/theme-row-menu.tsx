import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components';
import { EditRegular, MoreHorizontalRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { ThemeProfile } from '../../common';

/** The row menu of a theme: its id, and Edit (shell spec §2.9). */
export function ThemeRowMenu(props: { theme: ThemeProfile; onEdit(): void }) {
  const { t } = useTranslation();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          icon={<MoreHorizontalRegular />}
          aria-label={t('themes.rowMenu', { name: props.theme.name })}
        />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t('themes.themeId', { id: props.theme.id })}</MenuGroupHeader>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<EditRegular />} onClick={props.onEdit}>
            {t('themes.edit')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
