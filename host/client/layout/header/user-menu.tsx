import {
  Avatar,
  Button,
  Menu,
  MenuDivider,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
} from '@fluentui/react-components';
import { PersonRegular, SignOutRegular } from '@fluentui/react-icons';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { consoleRoutes, useRouteResolver, useSession } from '@sensorium/core/client';

const useStyles = makeStyles({
  button: { minWidth: 'auto' },
  name: {
    maxWidth: '160px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 1359px)': { display: 'none' },
  },
});

/** The user menu: the user's name, My Account (disabled without profileedit; absent without its page) and Logout. */
export const UserMenu = observer(function UserMenu() {
  const styles = useStyles();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const routes = useRouteResolver();
  const user = session.user;
  if (!user) return null;

  const logout = async () => {
    await session.logout();
    await navigate(routes.path(consoleRoutes.login));
  };

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          className={styles.button}
          appearance="subtle"
          title={t('shell.header.userMenu')}
          icon={<Avatar name={user.name} size={28} color="colorful" />}
        >
          <span className={styles.name}>{user.name}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroupHeader>{user.username}</MenuGroupHeader>
          {routes.has(consoleRoutes.myAccount) && (
            <MenuItem
              icon={<PersonRegular />}
              disabled={!session.hasPermission('profileedit')}
              onClick={() => void navigate(routes.path(consoleRoutes.myAccount))}
            >
              {t('shell.header.myAccount')}
            </MenuItem>
          )}
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={() => void logout()}>
            {t('shell.header.logout')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
});
