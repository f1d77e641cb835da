import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import { JOBS_TEXT, JOB_LIMITS } from '@atelier/shared';
import { AppError } from '../../platform/http/errors.js';

/**
 * Résumés live on the local disk under DATA_DIR/resumes/<applicationId>.pdf. They are private: the
 * only way to read one is GET /applications/:id/resume, which checks who is asking.
 */
export interface ResumeStore {
  save(applicationId: string, pdf: Buffer): Promise<void>;
  open(applicationId: string): Promise<fs.ReadStream | null>;
  remove(applicationIds: string[]): Promise<void>;
}

export function createResumeStore(dataDir: string): ResumeStore {
  const dir = path.join(dataDir, 'resumes');
  // Ids are UUIDs validated at the edge; the check keeps a path from ever leaving the folder.
  const fileOf = (id: string) => {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new Error(`not an application id: ${id}`);
    return path.join(dir, `${id}.pdf`);
  };
  return {
    async save(id, pdf) {
      await fsp.mkdir(dir, { recursive: true });
      await fsp.writeFile(fileOf(id), pdf);
    },
    async open(id) {
      const file = fileOf(id);
      try {
        await fsp.access(file, fs.constants.R_OK);
      } catch {
        return null;
      }
      return fs.createReadStream(file);
    },
    async remove(ids) {
      await Promise.all(ids.map((id) => fsp.rm(fileOf(id), { force: true })));
    },
  };
}

/** A résumé is judged by its bytes, not by its name or the type the browser claimed. */
export async function assertPdf(bytes: Buffer): Promise<void> {
  if (bytes.length > JOB_LIMITS.resumeMaxBytes) throw new AppError(413, JOBS_TEXT.resumeTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/pdf') throw new AppError(415, JOBS_TEXT.resumeNotPdf);
}
