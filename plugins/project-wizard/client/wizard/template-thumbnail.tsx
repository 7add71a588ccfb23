import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { ImageOffRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';

const useStyles = makeStyles({
  frame: {
    width: '100%',
    aspectRatio: '16 / 10',
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    background: tokens.colorNeutralBackground3,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
  },
  image: { width: '100%', height: '100%', objectFit: 'contain' },
  placeholder: { display: 'flex', flexDirection: 'column', alignItems: 'center', gap: tokens.spacingVerticalXS },
});

/** A template's thumbnail, or a placeholder when it has none (shell spec §2.7). */
export function TemplateThumbnail(props: { name: string; thumbnail: string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <div className={styles.frame}>
      {props.thumbnail ? (
        <img className={styles.image} src={props.thumbnail} alt={t('project-wizard.select.thumbnail', { name: props.name })} />
      ) : (
        <span className={styles.placeholder} role="img" aria-label={t('project-wizard.select.noThumbnail')}>
          <ImageOffRegular fontSize={32} />
          <Text size={200}>{t('project-wizard.select.noThumbnail')}</Text>
        </span>
      )}
    </div>
  );
}
