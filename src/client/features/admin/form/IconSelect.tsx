// Picks an icon name from a contract list, with the icon drawn beside it as the post page will draw it.
import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import styles from '../Editor.module.scss';

export type IconSelectProps = {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (value: string) => void;
  context?: string;
};

export function IconSelect({ label, value, options, onChange, context }: IconSelectProps) {
  const id = useId();
  // A restored draft may hold a name outside the list; keep it selectable rather than silently changing it.
  const choices = options.includes(value) ? options : [value, ...options];
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {context && <span className="visually-hidden">{context}</span>}
        {label}
      </label>
      <div className={styles.control}>
        <span className={styles.iconPreview}>
          <Icon name={value} size={22} />
        </span>
        <select id={id} className={styles.input} value={value} onChange={(event) => onChange(event.target.value)}>
          {choices.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
