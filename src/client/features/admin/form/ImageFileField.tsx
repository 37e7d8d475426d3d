// Choosing an image from disk: shows it at once from a local preview address and keeps the file pending;
// usePublishPost uploads it when the post is submitted, so no blob: address ever reaches the server.
import { useId, useRef, useState } from 'react';
import { LIMITS } from '../../../../contract/limits';
import { imageFileProblem, imageSizeProblem, UNDECODABLE_IMAGE_MESSAGE } from '../../../../contract/imageChecks';
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
 * What the server would refuse about the chosen file, in its words (contract/imageChecks.ts), or '' when nothing: its
 * type and size first, then its pixel count and whether it is a picture at all, from the browser's own decoder. Where
 * the browser cannot measure (no object URLs or Image.decode), the server's check at Submit decides.
 */
async function imageProblem(file: File): Promise<string> {
  const early = imageFileProblem(file);
  if (early) return early;
  let url: string;
  try {
    url = URL.createObjectURL(file);
  } catch {
    return '';
  }
  const image = new Image();
  try {
    if (typeof image.decode !== 'function') return '';
    // The size is known once the header is read (load), before a single pixel is decoded: a 100000×100000 PNG of a
    // few kilobytes is refused without the memory its pixels would take.
    const loaded = new Promise<boolean>((resolve) => {
      image.onload = () => resolve(true);
      image.onerror = () => resolve(false);
    });
    image.src = url;
    if (!(await loaded)) return UNDECODABLE_IMAGE_MESSAGE;
    const tooBig = imageSizeProblem(image.naturalWidth, image.naturalHeight);
    if (tooBig) return tooBig;
    await image.decode();
    return '';
  } catch {
    return UNDECODABLE_IMAGE_MESSAGE;
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
    const problem = await imageProblem(file);
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
