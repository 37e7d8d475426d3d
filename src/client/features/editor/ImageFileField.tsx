// Choosing an image from disk: shows it at once from a local preview address and keeps the file pending;
// usePublishPost uploads it when the post is submitted, so no blob: address ever reaches the server.
import { useId, useRef, useState } from 'react';
import { LIMITS } from '../../../contract/limits';
import { safeUrl } from '../../components/safeUrl';
import { setPendingImage, usePendingImage } from './pendingImages';
import type { ImageSlot } from './pendingImages';
import styles from './Editor.module.scss';

export type ImageFileFieldProps = {
  label: string;
  slot: ImageSlot;
  /** The image already in the draft (an uploaded /uploads/… path or a typed URL), shown when no file is pending. */
  currentUrl: string;
  /** Clears the draft's image when the user removes it. */
  onClearCurrent: () => void;
  /** Names the image in the remove button and the preview's alt text, e.g. 'author image'. */
  subject: string;
};

const MAX_MB = Math.round(LIMITS.uploadMaxBytes / 1_048_576);

export function ImageFileField({ label, slot, currentUrl, onClearCurrent, subject }: ImageFileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const pending = usePendingImage(slot);
  const [error, setError] = useState('');
  const shownUrl = pending ? pending.previewUrl : safeUrl(currentUrl);

  function choose(file: File | undefined) {
    if (!file) return;
    if (file.type.startsWith('image/') && file.size <= LIMITS.uploadMaxBytes) {
      setError('');
      setPendingImage(slot, file);
      // The control keeps showing the chosen file's name.
      return;
    }
    setError(
      file.type.startsWith('image/')
        ? `Images can be at most ${MAX_MB} MB.`
        : 'Choose an image file (PNG, JPEG, WebP, GIF or AVIF).',
    );
    clearControl();
  }

  /** Empties the native control, so it shows nothing chosen and the same file can be chosen again. */
  function clearControl() {
    if (inputRef.current) inputRef.current.value = '';
  }

  function remove() {
    setPendingImage(slot, null);
    onClearCurrent();
    setError('');
    clearControl();
  }

  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        className={styles.fileInput}
        aria-describedby={`${id}-status`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0])}
      />
      <p id={`${id}-status`} className={error ? styles.error : styles.hint} role={error ? 'alert' : undefined}>
        {error ||
          (pending
            ? `${pending.file.name} is ready; it uploads when you submit.`
            : 'PNG, JPEG, WebP, GIF or AVIF, up to ' + MAX_MB + ' MB.')}
      </p>
      {(shownUrl || pending) && (
        <div className={styles.imagePreview}>
          {shownUrl && <img src={shownUrl} alt={`Preview of the ${subject}`} />}
          <button type="button" className={styles.linkButton} onClick={remove}>
            Remove {subject}
          </button>
        </div>
      )}
    </div>
  );
}
