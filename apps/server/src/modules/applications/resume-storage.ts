import { fileTypeFromBuffer } from 'file-type';
import { JOBS_TEXT, JOB_LIMITS } from '@atelier/shared';
import { AppError, storageUnavailable } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';

/**
 * Résumés are private files under `resumes/<applicationId>.pdf` in the private storage (DATA_DIR or
 * the bucket's private/ prefix), never under /media. The only way to read one is
 * GET /applications/:id/resume, which checks who is asking.
 */
export interface ResumeStore {
  save(applicationId: string, pdf: Buffer): Promise<void>;
  open(applicationId: string): Promise<Buffer | null>;
  remove(applicationIds: string[]): Promise<void>;
}

export function createResumeStore(storage: Storage): ResumeStore {
  // Ids are UUIDs validated at the edge; the check keeps a key from ever leaving the folder.
  const keyOf = (id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not an application id: ${id}`);
    return `resumes/${id}.pdf`;
  };
  // A store that does not answer is not a bad file: 503 "Storage is unavailable, try again".
  const unavailable = (err: unknown): never => {
    throw storageUnavailable(err);
  };
  return {
    save: (id, pdf) => storage.put(keyOf(id), pdf, 'application/pdf').catch(unavailable),
    open: (id) => storage.get(keyOf(id)).catch(unavailable),
    async remove(ids) {
      await Promise.all(ids.map((id) => storage.delete(keyOf(id))));
    },
  };
}

/** A résumé is judged by its bytes, not by its name or the type the browser claimed. */
export async function assertPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > JOB_LIMITS.resumeMaxBytes) throw new AppError(413, JOBS_TEXT.resumeTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') throw new AppError(415, JOBS_TEXT.resumeNotPdf);
}
