// Choosing an image from disk: shows it at once from a local preview address and keeps the file pending;
// usePublishPost uploads it when the post is submitted, so no blob: address ever reaches the server.
import { useId, useRef, useState } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { ResponsiveImage } from '../../../components/ResponsiveImage';
import { safeUrl } from '../../../components/safeUrl';
import type { ImageBox } from '../../../../contract/imageBoxes';
import { useDraftScope } from '../draft/draftScope';
import { setPendingImage, usePendingImage } from '../images/pendingImages';
import type { ImageSlot } from '../images/pendingImages';
import { uploadedImageFacts } from '../images/uploadedImages';
import buttons from '../../../styles/buttons.module.scss';
import fieldStyles from './fields.module.scss';

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

/** fields.module.scss .imagePreview img: 8rem × 6rem. */
const PREVIEW_BOX: ImageBox = { sizes: '8rem', width: 128, height: 96 };

const MAX_MB = Math.round(LIMITS.uploadMaxBytes / 1_048_576);

/**
 * Whether the browser can decode the file as a picture: a text file renamed .png cannot, and is refused at once rather
 * than at Submit. Where decoding cannot be tried (no object URLs or Image.decode), the server's check decides.
 */
async function decodes(file: File): Promise<boolean> {
  let url: string;
  try {
    url = URL.createObjectURL(file);
  } catch {
    return true;
  }
  const image = new Image();
  try {
    if (typeof image.decode !== 'function') return true;
    image.src = url;
    await image.decode();
    return true;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
}

export function ImageFileField({ label, slot, currentUrl, onClearCurrent, subject }: ImageFileFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { imageScope } = useDraftScope();
  const pending = usePendingImage(slot, imageScope);
  const [error, setError] = useState('');
  // Only the latest choice counts when an earlier one is still being decoded.
  const choice = useRef(0);
  const shownUrl = pending ? pending.previewUrl : safeUrl(currentUrl);

  async function choose(file: File | undefined) {
    const current = ++choice.current;
    if (!file) return;
    const problem = !file.type.startsWith('image/')
      ? 'Choose an image file (PNG, JPEG, WebP, GIF or AVIF).'
      : file.type === 'image/svg+xml'
        ? 'SVG images are not accepted (they can carry scripts). Choose a PNG, JPEG, WebP, GIF or AVIF image.'
        : file.size > LIMITS.uploadMaxBytes
          ? `Images can be at most ${MAX_MB} MB.`
          : !(await decodes(file))
            ? `${file.name} is not a picture this browser can read. Choose a PNG, JPEG, WebP, GIF or AVIF image.`
            : '';
    if (current !== choice.current) return;
    setError(problem);
    if (problem) clearControl();
    // The control keeps showing the chosen file's name.
    else setPendingImage(slot, file, imageScope);
  }

  /** Empties the native control, so it shows nothing chosen and the same file can be chosen again. */
  function clearControl() {
    if (inputRef.current) inputRef.current.value = '';
  }

  function remove() {
    setPendingImage(slot, null, imageScope);
    onClearCurrent();
    setError('');
    clearControl();
  }

  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept="image/*"
        className={fieldStyles.fileInput}
        aria-describedby={`${id}-status`}
        aria-invalid={error ? true : undefined}
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <p
        id={`${id}-status`}
        className={error ? fieldStyles.error : fieldStyles.hint}
        role={error ? 'alert' : undefined}
      >
        {error ||
          (pending
            ? `${pending.file.name} is ready; it uploads when you submit.`
            : 'PNG, JPEG, WebP, GIF or AVIF, up to ' + MAX_MB + ' MB.')}
      </p>
      {(shownUrl || pending) && (
        <div className={fieldStyles.imagePreview}>
          {shownUrl && (
            // A chosen file shows from its local blob: address as it is; an uploaded one gets its variants.
            <ResponsiveImage
              src={shownUrl}
              alt={`Preview of the ${subject}`}
              box={PREVIEW_BOX}
              facts={pending ? undefined : uploadedImageFacts(shownUrl)}
            />
          )}
          <button type="button" className={buttons.linkButton} onClick={remove}>
            Remove {subject}
          </button>
        </div>
      )}
    </div>
  );
}
