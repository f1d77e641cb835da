import { useCallback, useEffect, useState } from 'react';
import { LIMITS, MSG } from '@atelier/shared';

export interface ReferenceImage {
  file: File;
  previewUrl: string;
}

/** The spec's client-side checks for a reference image; null when the file is acceptable. */
export function referenceImageError(file: File): string | null {
  if (!file.type.startsWith('image/')) return MSG.validation.invalidImage;
  if (file.size > LIMITS.referenceImageMaxBytes) return MSG.validation.imageTooLarge;
  return null;
}

/** Holds the chosen image with a preview URL that is released when it is replaced or removed. */
export function useReferenceImage() {
  const [image, setImage] = useState<ReferenceImage | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!image) return;
    return () => URL.revokeObjectURL(image.previewUrl);
  }, [image]);

  const choose = useCallback((file: File | null | undefined) => {
    if (!file) return;
    const problem = referenceImageError(file);
    setError(problem);
    if (problem) return;
    setImage({ file, previewUrl: URL.createObjectURL(file) });
  }, []);

  const remove = useCallback(() => {
    setImage(null);
    setError(null);
  }, []);

  return { image, error, choose, remove };
}
