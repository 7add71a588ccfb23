import { Button, Title2 } from '@fluentui/react-components';
import DOMPurify from 'dompurify';
import { useState, type ReactNode } from 'react';
import successImage from '../assets/success.svg';
import { useFormStyles } from './form-styles';

export { successImage };

export interface ResultPanelProps {
  /** The image to show; when it fails to load the success image takes its place. */
  image?: string;
  heading: string;
  /** Trusted i18n HTML (values escaped by the caller); sanitised before it is shown. */
  html?: string;
  children?: ReactNode;
  action: { label: string; onClick(): void };
}

/** Image, heading, message and one button: Account Created, Email Sent and Password Changed. */
export function ResultPanel({ image = successImage, heading, html, children, action }: ResultPanelProps) {
  const styles = useFormStyles();
  const [source, setSource] = useState(image);
  return (
    <div className={styles.center}>
      <img
        className={styles.image}
        src={source}
        alt=""
        onError={() => {
          if (source !== successImage) setSource(successImage);
        }}
      />
      <Title2 as="h1">{heading}</Title2>
      {html !== undefined && <div className={styles.html} dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }} />}
      {children}
      <Button appearance="primary" size="large" className={styles.full} onClick={action.onClick}>
        {action.label}
      </Button>
    </div>
  );
}
