// Picks an icon name from a contract list, with the icon drawn beside it as the post page will draw it.
import { useId } from 'react';
import { Icon } from '../../../components/Icon';
import fieldStyles from './fields.module.scss';

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
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {context && <span className="visually-hidden">{context}</span>}
        {label}
      </label>
      <div className={fieldStyles.control}>
        <span className={fieldStyles.iconPreview}>
          <Icon name={value} size={22} />
        </span>
        <select id={id} className={fieldStyles.input} value={value} onChange={(event) => onChange(event.target.value)}>
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
