import { useSectionStyles } from './section';

/** A part's messages in red (accounts spec §5). */
export function PartErrors({ messages }: { messages: string[] }) {
  const styles = useSectionStyles();
  if (messages.length === 0) return null;
  return (
    <ul className={styles.errors} role="alert">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}
